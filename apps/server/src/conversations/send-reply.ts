import {
  ErrorType,
  MAIL_ADDRESS_PATTERN,
  MessageDirection,
  OutboundMailKind,
  ReplyMessages,
  TicketEventType,
  TicketLimits,
  type TMessageRow,
  type TTicketRow,
  undoSendSecondsOf,
  ZReplyCreate,
} from '@parsedesk/contracts'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition, TDocumentWriter } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import { bareAddress } from '../mail/parse/email-addresses'
import { rememberThreadIds } from '../mail/threading/thread-ids'
import type { TOutboxRow } from '../outbox/outbox-repository'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import { hasVerifiedOwner } from '../teams/team-repository'
import { isMember, WorkspacePermissions } from '../teams/workspace-access'
import { recordTicketEvents } from '../tickets/ticket-events'
import type { TTicketService } from '../tickets/ticket-service'
import { deleteMessage, insertMessage } from './message-repository'
import { messagePermissions } from './messages-collection'
import { earlierConversation } from './quoted-history'
import { composeReplyMail } from './reply-mail-body'
import { addressesThatNeverWrote } from './reply-recipients'
import { refuseBounced, refuseMerged } from './reply-refusals'
import { claimUploads, linkUploads } from './reply-uploads'
import { replyVoice } from './reply-voice'
import { sanitizeReplyHtml } from './sanitize-reply-html'
import { refuseStaleDraft } from './stale-draft'

export type TReplyServiceDeps = {
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  outbox: TOutbox
  messages: TCollectionDefinition
  /** A reply's hold for undo where the workspace chose none (UNDO_SEND_SECONDS); 0: sent at once. */
  undoSendSeconds: number
}

/** `Re: <subject> [#<number>]`: one `Re:` however many the thread has had, and the ticket's tag once. */
export function replySubject(subject: string, number: number): string {
  const tag = `[#${number}]`
  const base = /^\s*re\s*:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`
  return base.includes(tag) ? base : `${base} ${tag}`
}

/**
 * A member answers a ticket's requester by mail: a conversation message (`direction` outbound), its mail
 * in the outbox (from the mailbox's verified sending address, else its parsing address, named as the
 * workspace chose, so the answer comes back to us; threaded onto the customer's last mail, to the requester
 * and the ticket's copies, with the formatted text, the signatures, the earlier conversation quoted and the
 * files the member uploaded: decision 047), our Message-ID remembered for the customer's next answer, a
 * `reply-out` event and, when asked, the ticket's new status: all in one transaction, so a reply is never
 * half made, and a refused one leaves nothing but the member's uploads, ready for the next try. A reply
 * whose draft missed a newer message is refused, and one sent is held in the outbox for undo (decision
 * 039). With `note: true` it is an internal note: the same message (`direction` note) and its `note`
 * event, and no mail. Decisions 015 and 016.
 */
export function createReplyService(deps: TReplyServiceDeps) {
  const { db, bus, tickets, outbox, messages } = deps

  async function reply(
    auth: TAuth,
    input: { id: string; data: Record<string, unknown> },
  ): Promise<TMessageRow> {
    if (auth.kind !== 'user') throw AppError.forbidden()
    const data = ZReplyCreate.parse(input.data)
    const bodyHtml = data.bodyHtml === undefined ? null : (sanitizeReplyHtml(data.bodyHtml) ?? null)
    const written = await db.transaction(async (tx) => {
      const ticket = await tickets.lockTicket(tx, data.ticketId)
      // A ticket of another workspace is one that does not exist, as in every read.
      if (!ticket || !isMember(auth, ticket.teamId))
        throw new AppError(ErrorType.documentNotFound, ReplyMessages.ticketGone)
      await refuseMerged(tx, ticket)
      const { teamId } = ticket
      const files = await claimUploads(tx, { userId: auth.user.id, fileIds: data.attachmentIds ?? [] })
      const common = {
        ticketId: ticket.id,
        userId: auth.user.id,
        teamId,
        body: data.body,
        bodyHtml,
        attachmentIds: files.map((file) => file.fileId),
        rawJson: null,
        inboundId: null,
        sentAt: null,
        createdAt: new Date().toISOString(),
      }
      const actor = { ticketId: ticket.id, teamId, actorType: 'user' as const, actorId: auth.user.id }
      let mail: TOutboxRow | undefined
      let message: TMessageRow
      let changed: TTicketRow | undefined
      if (data.note) {
        message = await insertMessage(tx, {
          id: input.id,
          ...common,
          direction: MessageDirection.note,
          from: auth.user.email,
          subject: ticket.subject,
          cc: [],
          messageId: null,
          mailId: null,
          deliveryState: null,
          deliveryError: null,
          permissions: messagePermissions(teamId),
        })
        await recordTicketEvents(tx, [
          { ...actor, type: TicketEventType.note, before: null, after: { message: message.id } },
        ])
      } else {
        const to = ticket.email
        // A ticket filed by hand may carry any text as its requester's address: say so, rather than fail later.
        if (!MAIL_ADDRESS_PATTERN.test(to)) throw AppError.invalid(ReplyMessages.requesterUnreachable)
        if (!data.force && data.seenMessageId !== undefined)
          await refuseStaleDraft(tx, {
            ticketId: ticket.id,
            seenMessageId: data.seenMessageId,
            memberId: auth.user.id,
          })
        if (!data.force) await refuseBounced(tx, { teamId, address: to })
        const copies = mergeCopies(ticket.cc, data.cc ?? [])
        if (copies.length > TicketLimits.cc) throw AppError.invalid(ReplyMessages.tooManyCopies)
        if (copies.length !== ticket.cc.length)
          changed = await tickets.changeByMember(tx, auth.user.id, {
            ticketId: ticket.id,
            data: { cc: copies },
          })
        // The requester is the To; copying them again would send the mail twice.
        const cc = copies.filter((address) => address !== bareAddress(to))
        // Taken before anything is queued, in this transaction: a refusal leaves nothing sent or counted.
        const recipients = [...new Set([to, ...cc].map(bareAddress))]
        const ownerVerified = await hasVerifiedOwner(tx, teamId)
        await outbox.admitRecipients(tx, {
          teamId,
          accountId: auth.user.id,
          recipients,
          ownerVerified,
          strangers: ownerVerified ? [] : await addressesThatNeverWrote(tx, teamId, recipients),
        })
        const voice = await replyVoice(tx, { teamId, ticketId: ticket.id, agent: auth.user })
        const content = composeReplyMail({
          body: data.body,
          bodyHtml,
          signatureHtml: voice.signature?.html ?? null,
          signatureText: voice.signature?.text ?? null,
          quoted: await earlierConversation(tx, ticket.id),
        })
        const thread = await conversationIds(tx, ticket.id)
        const subject = replySubject(ticket.subject, ticket.number)
        mail = await outbox.queueMail(tx, {
          kind: OutboundMailKind.reply,
          idempotencyKey: `reply:${input.id}`,
          ownerId: auth.user.id,
          readableBy: WorkspacePermissions.members(teamId).map((permission) => permission.role),
          from: voice.from,
          replyTo: voice.address,
          to: [to],
          cc,
          subject,
          text: content.text,
          html: content.html,
          attachments: files,
          inReplyTo: thread.lastFromCustomer ? `<${thread.lastFromCustomer}>` : undefined,
          references: thread.all.map((id) => `<${id}>`),
          holdSeconds: await undoSendSecondsOfTeam(tx, teamId, deps.undoSendSeconds),
        })
        const ourMessageId = mail.messageId.slice(1, -1)
        message = await insertMessage(tx, {
          id: input.id,
          ...common,
          direction: MessageDirection.outbound,
          from: voice.address,
          subject,
          cc,
          messageId: ourMessageId,
          mailId: mail.id,
          deliveryState: mail.state,
          deliveryError: null,
          permissions: messagePermissions(teamId),
        })
        await rememberThreadIds(tx, [{ teamId, messageId: ourMessageId, ticketId: ticket.id }])
        await recordTicketEvents(tx, [
          {
            ...actor,
            type: TicketEventType.replyOut,
            before: null,
            after: { message: message.id, mail: mail.id },
          },
        ])
      }
      await linkUploads(tx, { files, ticketId: ticket.id, messageId: message.id, teamId })
      if (data.status)
        changed = await tickets.changeByMember(tx, auth.user.id, {
          ticketId: ticket.id,
          data: { status: data.status },
        })
      return { message, mail, changed }
    })
    if (written.mail) await outbox.announceQueued([written.mail])
    await publishDocumentEvent({ bus, def: messages, action: 'create', row: written.message })
    if (written.changed) await tickets.announceUpdated([written.changed])
    return written.message
  }

  /** The documents API's writer for `messages`: replies are made here; a message never changes. */
  const writer: TDocumentWriter = {
    create: ({ auth, id, data }) => reply(auth, { id, data }),
    update: () => Promise.reject(AppError.forbidden()),
    async remove(row) {
      const removed = await deleteMessage(db, row.id)
      if (removed) await publishDocumentEvent({ bus, def: messages, action: 'delete', row: removed })
      return removed
    },
  }

  return { reply, writer }
}

/** The ticket's copies and the reply's new ones, each once, in the order they were added. */
function mergeCopies(current: string[], added: string[]): string[] {
  return [...new Set([...current, ...added])]
}

/** How long the workspace's replies wait for undo: its own choice, else the server's (decision 039). */
async function undoSendSecondsOfTeam(tx: TQueryable, teamId: string, fallback: number): Promise<number> {
  const { rows } = await tx.query<{ prefs: Record<string, unknown> }>(
    'select prefs from teams where id = $1',
    [teamId],
  )
  return undoSendSecondsOf(rows[0]?.prefs) ?? fallback
}

/** The Message-IDs of the ticket's conversation, oldest first, and the customer's latest. */
async function conversationIds(
  tx: TQueryable,
  ticketId: string,
): Promise<{ all: string[]; lastFromCustomer: string | undefined }> {
  const { rows } = await tx.query<{ message_id: string }>(
    'select message_id from mail_thread_ids where ticket_id = $1 order by created_at, message_id',
    [ticketId],
  )
  const { rows: customer } = await tx.query<{ messageId: string }>(
    `select "messageId" from (
       select "messageId", created_at from messages
       where "ticketId" = $1 and direction = 'inbound' and "messageId" is not null
       union all
       select "messageId", created_at from inbound_emails
       where "ticketId" = $1 and status = 'ticket' and "messageId" is not null
     ) m order by created_at desc limit 1`,
    [ticketId],
  )
  return { all: rows.map((row) => row.message_id), lastFromCustomer: customer[0]?.messageId }
}

export type TReplyService = ReturnType<typeof createReplyService>
