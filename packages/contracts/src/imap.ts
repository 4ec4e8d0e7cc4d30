import { z } from 'zod'

/** Where an IMAP account's poller stands; `error` comes with `lastError` and is retried with back-off. */
export const ImapAccountStatus = {
  connecting: 'connecting',
  connected: 'connected',
  error: 'error',
  disabled: 'disabled',
} as const
export const IMAP_ACCOUNT_STATUSES = ['connecting', 'connected', 'error', 'disabled'] as const
export type TImapAccountStatus = (typeof IMAP_ACCOUNT_STATUSES)[number]

/** How new mail is noticed: IMAP IDLE when the server offers it, else a poll every few seconds. */
export const IMAP_WATCH_MODES = ['idle', 'poll'] as const
export type TImapWatchMode = (typeof IMAP_WATCH_MODES)[number]

/** Each account holds one connection open in a worker; a few per user is plenty for a helpdesk. */
export const ImapLimits = { accountsPerWorkspace: 10 } as const

export const ImapMessages = {
  hostInvalid: 'Enter the IMAP server name, e.g. imap.example.com',
  portInvalid: 'The port is a number from 1 to 65535',
  usernameRequired: 'Enter the user name of the mailbox',
  passwordRequired: 'Enter the password of the mailbox',
  folderInvalid: 'Folder names are at most 200 characters',
  tooManyAccounts: `A workspace can connect at most ${ImapLimits.accountsPerWorkspace} IMAP mailboxes`,
  managersOnly: "Only the workspace's owners and admins can connect IMAP mailboxes",
  hostNotPublic:
    'Parsedesk connects only to mail servers on the public internet, and this host is not one (the administrator can allow it with OUTBOUND_ALLOWED_HOSTS)',
} as const

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i
const folder = z.string().trim().min(1, ImapMessages.folderInvalid).max(200, ImapMessages.folderInvalid)

const ZImapAccountFields = z.object({
  host: z.string().trim().regex(HOSTNAME, ImapMessages.hostInvalid),
  port: z
    .number()
    .int(ImapMessages.portInvalid)
    .min(1, ImapMessages.portInvalid)
    .max(65535, ImapMessages.portInvalid),
  /** TLS from the first byte (port 993); false means plain, upgraded with STARTTLS when offered. */
  secure: z.boolean(),
  username: z.string().min(1, ImapMessages.usernameRequired).max(320),
  password: z.string().min(1, ImapMessages.passwordRequired).max(1024),
  /** The folder new mail is read from. */
  folder,
  /** When set, a message is moved here once stored; otherwise it is flagged \Seen and left in place. */
  moveTo: folder.nullable(),
  enabled: z.boolean(),
})

/** What a user sends to connect a mailbox. The password is write-only: it is never sent back. */
export const ZImapAccountCreate = ZImapAccountFields.extend({
  folder: folder.default('INBOX'),
  moveTo: folder.nullable().default(null),
  enabled: z.boolean().default(true),
  /** The workspace whose mailbox the account feeds; default: the caller's own workspace. */
  teamId: z.string().max(36).optional(),
})
export type TImapAccountCreate = z.input<typeof ZImapAccountCreate>

/** An update changes only what it names; an empty password keeps the stored one. */
export const ZImapAccountUpdate = ZImapAccountFields.partial().extend({
  password: z.string().max(1024).optional(),
})
export type TImapAccountUpdate = z.input<typeof ZImapAccountUpdate>

/** An IMAP account as stored (collection `imap_accounts`); the password sealed, status the watcher's. */
export const ZImapAccountAttributes = ZImapAccountFields.extend({
  mailboxId: z.string(),
  userId: z.string(),
  teamId: z.string(),
  status: z.enum(IMAP_ACCOUNT_STATUSES),
  mode: z.enum(IMAP_WATCH_MODES).nullable(),
  lastError: z.string().nullable(),
  lastCheckedAt: z.iso.datetime({ offset: true }).nullable(),
  fetched: z.number().int(),
})

/** The account document as the API returns it (`password` is always ''). */
export type TImapAccount = {
  $id: string
  $createdAt: string
  $updatedAt: string
  host: string
  port: number
  secure: boolean
  username: string
  password: ''
  folder: string
  moveTo: string | null
  enabled: boolean
  mailboxId: string
  userId: string
  teamId: string
  status: TImapAccountStatus
  mode: TImapWatchMode | null
  lastError: string | null
  lastCheckedAt: string | null
  fetched: number
}

/** How an IMAP mailbox is named to people: its user name when that is an address, else user and host. */
export function imapMailboxLabel(account: { username: string; host: string }): string {
  return account.username.includes('@') ? account.username : `${account.username} on ${account.host}`
}

/** The doors a workspace's mail comes in by: its parsing address and each IMAP mailbox it connected. */
export const MAILBOX_KINDS = ['address', 'imap'] as const
export type TMailboxKind = (typeof MAILBOX_KINDS)[number]

/**
 * What every member may know of the workspace's mailboxes, to filter tickets by where they came in
 * (`GET /v1/teams/:teamId/mailboxes`): an id and the name people know it by (`imapMailboxLabel`, which names
 * the host when the user name is not an address), never the account's port, folder, state, errors or secret.
 */
export const ZMailboxDirectory = z.object({
  mailboxes: z.array(z.object({ id: z.string(), kind: z.enum(MAILBOX_KINDS), label: z.string() })),
})
export type TMailboxDirectory = z.infer<typeof ZMailboxDirectory>
