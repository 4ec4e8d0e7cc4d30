import {
  ErrorType,
  MessageDirection,
  OutboundMailState,
  ReplyGuardMessages,
  TicketEventType,
  type TOutboundAttachment,
  type TUndoneReply,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import { isManager, isMember } from '../teams/workspace-access'
import { recordTicketEvents } from '../tickets/ticket-events'
import { findTicket } from '../tickets/ticket-repository'
import { findMessage } from './message-repository'

type TReplyRow = {
  id: string
  ticketId: string
  teamId: string
  userId: string
  direction: string
  body: string
  bodyHtml: string | null
  cc: string[]
  messageId: string | null
  mailId: string | null
}

/**
 * Undo-send (decision 039): while a reply is held in the outbox (`sendAfter` not reached, not yet taken by
 * the sender job), its sender, or a workspace owner or admin, takes it back. The mail becomes `withdrawn`
 * (the job that wakes for it finds nothing to send), the message stays on the timeline marked withdrawn
 * with a `delivery` event by the member (ticket events are never deleted, and the team should see that an
 * answer was started and pulled back), its Message-ID leaves the thread (the customer never saw it), and
 * its files go back to their uploader as unsent uploads. The reply as written comes back for the composer.
 * Someone outside the workspace gets 404, as for any of its documents.
 */
export function createReplyUndo(deps: {
  db: TDatabase
  bus: TEventBus
  messages: TCollectionDefinition
  tickets: TCollectionDefinition
}) {
  const { db, bus } = deps

  return async function undo(auth: TAuth, messageId: string): Promise<TUndoneReply> {
    if (auth.kind !== 'user') throw AppError.unauthorizedScope()
    const undone = await db.transaction(async (tx) => {
      const { rows } = await tx.query<TReplyRow>(
        `select id, "ticketId", "teamId", "userId", direction, body, "bodyHtml", cc, "messageId", "mailId"
         from messages where id = $1 for update`,
        [messageId],
      )
      const reply = rows[0]
      if (!reply || !isMember(auth, reply.teamId))
        throw new AppError(ErrorType.documentNotFound, ReplyGuardMessages.undoNotFound)
      if (reply.direction !== MessageDirection.outbound || !reply.mailId)
        throw AppError.invalid(ReplyGuardMessages.undoNote)
      const isSender = reply.userId === auth.user.id
      if (!isSender && !isManager(auth, reply.teamId))
        throw AppError.forbidden(ReplyGuardMessages.undoNotFound)
      // The sender job claims the row with an update too: whichever comes first wins, never both.
      const { rows: withdrawn } = await tx.query<{ attachments: TOutboundAttachment[] }>(
        `update outbox set "state" = $2, updated_at = now()
         where id = $1 and "state" = $3 and "sendAfter" > now() returning attachments`,
        [reply.mailId, OutboundMailState.withdrawn, OutboundMailState.queued],
      )
      const mail = withdrawn[0]
      if (!mail) {
        const { rows: current } = await tx.query<{ sendAfter: Date | null }>(
          'select "sendAfter" from outbox where id = $1',
          [reply.mailId],
        )
        throw new AppError(
          ErrorType.documentUpdateConflict,
          current[0] && current[0].sendAfter === null
            ? ReplyGuardMessages.notHeld
            : ReplyGuardMessages.undoTooLate,
        )
      }
      await tx.query(
        `update messages set "deliveryState" = $2, "attachmentIds" = '[]'::jsonb, updated_at = now() where id = $1`,
        [reply.id, OutboundMailState.withdrawn],
      )
      if (reply.messageId)
        await tx.query('delete from mail_thread_ids where message_id = $1', [reply.messageId])
      await returnUploads(
        tx,
        mail.attachments.map((file) => file.fileId),
      )
      await recordTicketEvents(tx, [
        {
          ticketId: reply.ticketId,
          teamId: reply.teamId,
          actorType: 'user',
          actorId: auth.user.id,
          type: TicketEventType.delivery,
          before: OutboundMailState.queued,
          after: { message: reply.id, mail: reply.mailId, state: OutboundMailState.withdrawn },
        },
      ])
      return { reply, attachments: isSender ? mail.attachments : [] }
    })
    const [message, ticket] = await Promise.all([
      findMessage(db, undone.reply.id),
      findTicket(db, undone.reply.ticketId),
    ])
    if (message) await publishDocumentEvent({ bus, def: deps.messages, action: 'update', row: message })
    if (ticket) await publishDocumentEvent({ bus, def: deps.tickets, action: 'update', row: ticket })
    const { reply } = undone
    return {
      messageId: reply.id,
      ticketId: reply.ticketId,
      body: reply.body,
      bodyHtml: reply.bodyHtml,
      cc: reply.cc,
      attachments: undone.attachments.map((file) => ({ id: file.fileId, name: file.name, size: file.size })),
    }
  }

  /** A withdrawn reply's files are their uploader's unsent uploads again, ready for the next send. */
  async function returnUploads(tx: TQueryable, fileIds: string[]) {
    if (fileIds.length === 0) return
    await tx.query(
      `update files set "ticketId" = null, "threadMessageId" = null, "teamId" = null,
         permissions = array['read("user:' || "uploadedBy" || '")'], read_roles = array['user:' || "uploadedBy"],
         updated_at = now()
       where id = any($1::text[]) and "uploadedBy" is not null`,
      [fileIds],
    )
  }
}

export type TReplyUndo = ReturnType<typeof createReplyUndo>
