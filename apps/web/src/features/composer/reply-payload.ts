import { type TReplyCreate, type TTicketStatus, ZTicketCc } from '@parsedesk/contracts'
import { ComposerMode, type TDraft } from './draft-store'

/** The addresses typed into the Cc field, split at commas, semicolons and spaces. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '')
}

/** The Cc field's addresses as the server takes them, or the first one it would refuse and why. */
export function readCc(text: string): { cc: string[] } | { problem: string } {
  const parsed = ZTicketCc.safeParse(splitAddresses(text))
  if (parsed.success) return { cc: parsed.data }
  const issue = parsed.error.issues[0]
  const address = typeof issue?.path[0] === 'number' ? splitAddresses(text)[issue.path[0]] : undefined
  return { problem: address ? `${address}: ${issue?.message}` : (issue?.message ?? 'Check the copies') }
}

/**
 * The `messages` document the server turns into a reply or a note (decisions 015, 016): the text twice
 * (plain for the mail's text part and the timeline's search, HTML for the formatted part), the files by
 * id, copies only for a reply (a note is never mailed), the status chosen, and for a reply the newest
 * message its draft saw (decision 039).
 */
export function replyPayload(options: {
  ticketId: string
  draft: Pick<TDraft, 'mode' | 'attachments'>
  text: string
  html: string
  cc: string[]
  status: TTicketStatus | undefined
  /** What a reply's draft has seen (decision 039); undefined: not known, so not checked. */
  seenMessageId?: string | null | undefined
}): TReplyCreate {
  const isNote = options.draft.mode === ComposerMode.note
  return {
    ticketId: options.ticketId,
    body: options.text,
    bodyHtml: options.html,
    ...(isNote ? { note: true } : options.cc.length > 0 ? { cc: options.cc } : {}),
    ...(options.draft.attachments.length > 0
      ? { attachmentIds: options.draft.attachments.map((file) => file.id) }
      : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(!isNote && options.seenMessageId !== undefined ? { seenMessageId: options.seenMessageId } : {}),
  }
}

/**
 * The ticket's copies once the agent's removals are applied, or null when they took none out. Taken out
 * means: on the ticket when the composer opened (`base`), and no longer in the Cc field. An address
 * another agent added since stays: the field never saw it.
 */
export function copiesAfterRemovals(options: {
  base: readonly string[]
  field: readonly string[]
  current: readonly string[]
}): string[] | null {
  const removed = options.base.filter((address) => !options.field.includes(address))
  if (removed.length === 0) return null
  return options.current.filter((address) => !removed.includes(address))
}
