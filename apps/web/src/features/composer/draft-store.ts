import { MacroLimits, TicketLimits, ZMacroActions } from '@parsedesk/contracts'
import { z } from 'zod'

/** Which kind of message the composer is writing: a reply mailed to the customer, or an internal note. */
export const ComposerMode = { reply: 'reply', note: 'note' } as const
export type TComposerMode = (typeof ComposerMode)[keyof typeof ComposerMode]

/** A file uploaded for the draft, sent with it by id. */
export const ZDraftAttachment = z.object({
  id: z.string().min(1).max(36),
  name: z.string(),
  size: z.number().int().nonnegative(),
})
export type TDraftAttachment = z.infer<typeof ZDraftAttachment>

/**
 * Everything typed into a ticket's composer, kept in the browser until the send succeeds: a reload, a
 * crash or a failed send loses nothing (issue 14, item 8). Read back through zod, as anything stored
 * by an older version of the page may not fit.
 */
export const ZDraft = z.object({
  mode: z.enum([ComposerMode.reply, ComposerMode.note]),
  html: z.string().max(TicketLimits.body * 4),
  cc: z.array(z.string()).max(50),
  attachments: z.array(ZDraftAttachment).max(20),
  /** The canned reply inserted last: its actions apply on send. */
  macro: z.object({ name: z.string().max(MacroLimits.name), actions: ZMacroActions }).nullable(),
  /** The newest reply or customer mail the draft was written against (decision 039); unknown at first. */
  seenMessageId: z.string().max(36).nullable().optional(),
})
export type TDraft = z.infer<typeof ZDraft>

export const EMPTY_DRAFT: TDraft = {
  mode: ComposerMode.reply,
  html: '',
  cc: [],
  attachments: [],
  macro: null,
}

const keyOf = (ticketId: string) => `parsedesk:draft:${ticketId}`

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The ticket's kept draft, or undefined when there is none (or it cannot be read). */
export function readDraft(storage: TStorage, ticketId: string): TDraft | undefined {
  try {
    const stored = storage.getItem(keyOf(ticketId))
    if (!stored) return undefined
    const parsed = ZDraft.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** An empty draft is no draft: nothing is kept for a composer nobody typed in. */
export function isEmptyDraft(draft: TDraft): boolean {
  return textOfHtml(draft.html) === '' && draft.attachments.length === 0 && draft.macro === null
}

export function writeDraft(storage: TStorage, ticketId: string, draft: TDraft): void {
  try {
    if (isEmptyDraft(draft)) storage.removeItem(keyOf(ticketId))
    else storage.setItem(keyOf(ticketId), JSON.stringify(draft))
  } catch (error) {
    // A full or blocked storage must not stop the agent typing; the text is still on screen.
    console.error('The draft could not be kept:', error)
  }
}

export function clearDraft(storage: TStorage, ticketId: string): void {
  storage.removeItem(keyOf(ticketId))
}

/** The text of the editor's HTML, without tags, for "is anything written". */
function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim()
}
