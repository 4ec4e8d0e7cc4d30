import { z } from 'zod'

/**
 * How replies speak as the company and the agent (decision 047): a sending address per mailbox, used as
 * From and Reply-To once a test mail proved it forwards to the parsing address; a From name pattern per
 * workspace; signatures per member and per mailbox.
 */
export const SendingLimits = {
  address: 254,
  /** A signature's HTML as the member wrote it, before sanitising. */
  signatureHtml: 10_000,
  /** A test mail per mailbox at most this often: each one is a mail to an address nobody proved is theirs. */
  testIntervalSeconds: 60,
  /** The text part is wrapped here, as mail clients wrap what they send (RFC 3676 suggests 72). */
  textColumns: 72,
} as const

/** Team preference `fromName`: how a reply's From names its sender. */
export const FromNamePattern = {
  /** "Ada Lovelace from Acme" */
  agentFromWorkspace: 'agent-from-workspace',
  /** "Acme" */
  workspace: 'workspace',
} as const
export const FROM_NAME_PATTERNS = [FromNamePattern.agentFromWorkspace, FromNamePattern.workspace] as const
export type TFromNamePattern = (typeof FROM_NAME_PATTERNS)[number]
export const FROM_NAME_PREF = 'fromName'
export const FromNameLabels: Record<TFromNamePattern, string> = {
  'agent-from-workspace': '{agent} from {workspace}',
  workspace: 'The workspace only',
}

/** The pattern a workspace's preferences choose; the agent's name with the company's when none. */
export function fromNamePatternOf(prefs: Record<string, unknown> | null | undefined): TFromNamePattern {
  const parsed = z.enum(FROM_NAME_PATTERNS).safeParse(prefs?.[FROM_NAME_PREF])
  return parsed.success ? parsed.data : FromNamePattern.agentFromWorkspace
}

/** What a signature may name; each is replaced when a reply is sent (and in the composer's preview). */
export const SIGNATURE_PLACEHOLDERS = [
  '{agent.name}',
  '{agent.firstName}',
  '{agent.email}',
  '{workspace.name}',
  '{mailbox.address}',
] as const

export const SendingMessages = {
  nulCharacter: 'Remove the NUL character',
  addressInvalid: 'Enter an email address such as support@acme.example',
  parsingAddressAsSender: 'That is the parsing address itself: enter the address your customers write to',
  testTooSoon: `A test mail was sent less than ${SendingLimits.testIntervalSeconds} seconds ago: wait for it`,
  noSendingAddress: 'Set a sending address first',
  mailboxGone: 'Mailbox not found',
  signatureTooLong: `A signature has at most ${SendingLimits.signatureHtml.toLocaleString('en-US')} characters`,
} as const

const noNul = (value: string) => !value.includes('\u0000')

/** The address a mailbox's replies should come from; null takes it away (replies from the parsing address). */
export const ZSendingAddressUpdate = z
  .object({
    address: z
      .string()
      .trim()
      .toLowerCase()
      .max(SendingLimits.address, SendingMessages.addressInvalid)
      .refine(noNul, SendingMessages.nulCharacter)
      .refine(
        (value) => /^[^\s<>@"(),;:\\]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(value),
        SendingMessages.addressInvalid,
      )
      .nullable(),
  })
  .strict()

export const ZSignatureUpdate = z
  .object({
    html: z
      .string()
      .max(SendingLimits.signatureHtml, SendingMessages.signatureTooLong)
      .refine(noNul, SendingMessages.nulCharacter),
  })
  .strict()

/** One DNS or relay setting the sending address needs, and where it stands. */
export const ZSendingSetupStep = z.object({
  name: z.string(),
  what: z.string(),
  /** true: done; false: not yet; null: set outside (DNS), which the server does not look up. */
  done: z.boolean().nullable(),
})
export type TSendingSetupStep = z.infer<typeof ZSendingSetupStep>

/** `GET /v1/mailboxes/:mailboxId/sending`: the mailbox's sending address, its check and its signature. */
export const ZMailboxSending = z.object({
  mailboxId: z.string(),
  parsingAddress: z.string(),
  sendingAddress: z.string().nullable(),
  /** Verified: replies go from the sending address; else from the parsing address. */
  verified: z.boolean(),
  testSentAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** The address replies go from now. */
  repliesFrom: z.string(),
  setup: z.array(ZSendingSetupStep),
  signatureHtml: z.string(),
})
export type TMailboxSending = z.infer<typeof ZMailboxSending>

/** `GET /v1/teams/:teamId/signature`: the caller's own signature there, and what a reply of theirs ends with. */
export const ZMemberSignature = z.object({
  html: z.string(),
  /** The member's and the mailbox's signatures with their placeholders filled, as replies carry them. */
  preview: z.string(),
})
export type TMemberSignature = z.infer<typeof ZMemberSignature>
