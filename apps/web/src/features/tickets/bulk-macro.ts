import { CollectionId, DATABASE_ID, renderMacro, type TMacro, type TMacroContext } from '@parsedesk/contracts'
import { ID } from 'appwrite'
import { macroTextToHtml, unfilledPlaceholders } from '@/features/composer/macro-insertion'
import { databases } from '@/lib/appwrite'
import type { TTicketSummary } from './ticket-model'

export type TBulkMacroResult = { applied: number; skipped: number }

/**
 * A canned reply applied to each selected ticket, as the composer applies it to one: its text, filled for
 * that ticket's requester, mailed as the member's reply (with the macro's status), then its tags and
 * assignee. A ticket whose text would keep a placeholder without a value is skipped, never mailed with
 * `{{...}}` in it. A macro with no text only changes the tickets.
 */
export async function applyMacroToTickets(options: {
  macro: Pick<TMacro, 'body' | 'actions'>
  tickets: readonly TTicketSummary[]
  requesterOf: (ticket: TTicketSummary) => { name: string; email: string }
  agent: TMacroContext['agent']
}): Promise<TBulkMacroResult> {
  const result: TBulkMacroResult = { applied: 0, skipped: 0 }
  for (const ticket of options.tickets) {
    const context: TMacroContext = {
      ticket: {
        number: ticket.number ?? 0,
        subject: ticket.subject,
        tags: ticket.tags ?? [],
        assigneeId: ticket.assigneeId ?? null,
      },
      requester: options.requesterOf(ticket),
      agent: options.agent,
    }
    const rendered = renderMacro(options.macro, context)
    if (unfilledPlaceholders(rendered.body, rendered.unresolved).length > 0) {
      result.skipped += 1
      continue
    }
    const { status, ...changes } = rendered.changes
    const text = rendered.body.trim()
    if (text) {
      await databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.messages,
        documentId: ID.unique(),
        data: {
          ticketId: ticket.$id,
          body: text,
          bodyHtml: macroTextToHtml(text),
          ...(status ? { status } : {}),
        },
      })
    }
    const update = text ? changes : rendered.changes
    if (Object.keys(update).length > 0) {
      await databases.updateDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ticket.$id,
        data: update,
      })
    }
    result.applied += 1
  }
  return result
}
