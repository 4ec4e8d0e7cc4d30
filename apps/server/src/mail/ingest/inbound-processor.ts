import { ProcessingStatus, TicketStatus } from '@parsedesk/contracts'
import type { TDatabase, TQueryable } from '../../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../../documents/collection'
import { insertDocument, updateDocument } from '../../documents/document-repository'
import type { TFileStorage } from '../../files/file-storage'
import type { TEventBus } from '../../realtime/event-bus'
import { ownerPermissions } from '../../tickets/tickets-collection'
import {
  findDecidedMessageId,
  findInboundWithRaw,
  lockPendingInbound,
  newInboundId,
  recordInboundOutcome,
  type TInboundRow,
} from '../inbound/inbound-repository'
import { countOnMailbox, OUTCOME_COUNTER, type TInboundOutcome } from '../mailboxes/mailbox-repository'
import { messagePermissions } from '../messages/messages-collection'
import { extractThreadKeys, parseInboundEmail, type TParsedEmail, UnparseableEmailError } from '../parse'
import { buildMailFields } from './build-mail-fields'
import { detectNoise } from './detect-noise'
import { findThreadTicket, rememberThreadId } from './find-thread-ticket'
import { publishDocumentEvent } from './publish-document-event'
import {
  insertAttachmentRows,
  removeAttachments,
  type TWrittenAttachment,
  writeAttachments,
} from './store-attachments'

export type TInboundProcessorDeps = {
  db: TDatabase
  bus: TEventBus
  storage: TFileStorage
  tickets: TCollectionDefinition
  messages: TCollectionDefinition
  inboundDomain: string
}

export type TProcessResult = { status: TInboundOutcome | 'already-decided'; ticketId?: string }

type TCommitted =
  | { kind: 'ticket'; ticket: TDocumentRow }
  | { kind: 'thread'; ticket: TDocumentRow; message: TDocumentRow }
  | { kind: 'other'; status: TInboundOutcome }

const MAX_REASON_DEFECTS = 5

function describeDefects(parsed: TParsedEmail): string | null {
  if (parsed.defects.length === 0) return null
  const shown = parsed.defects.slice(0, MAX_REASON_DEFECTS).join('; ')
  const more =
    parsed.defects.length > MAX_REASON_DEFECTS ? ` (+${parsed.defects.length - MAX_REASON_DEFECTS} more)` : ''
  return `read with defects: ${shown}${more}`
}

/**
 * Decides what one stored delivery becomes, exactly once: the decision, the ticket or thread message,
 * its attachment rows and the mailbox counter commit together, and a run that finds the delivery
 * already decided does nothing. Events and the analysis job follow the commit, as for a form ticket.
 */
export function createInboundProcessor(deps: TInboundProcessorDeps) {
  const { db, tickets, messages } = deps

  async function decideWithoutMail(
    inbound: TInboundRow,
    outcome: { status: 'rejected' | 'loop' | 'bounce' | 'auto-reply'; reason: string },
    parsed?: TParsedEmail,
  ): Promise<TProcessResult> {
    const decided = await db.transaction(async (tx) => {
      if (!(await lockPendingInbound(tx, inbound.id))) return false
      await recordInboundOutcome(tx, {
        inboundId: inbound.id,
        status: outcome.status,
        reason: outcome.reason,
        from: parsed?.from?.address ?? inbound.envelopeFrom,
        subject: parsed?.subject ?? null,
        messageId: parsed?.messageId ?? null,
      })
      await countOnMailbox(tx, { mailboxId: inbound.mailboxId, counter: OUTCOME_COUNTER[outcome.status] })
      return true
    })
    return { status: decided ? outcome.status : 'already-decided' }
  }

  async function createTicket(
    tx: TQueryable,
    options: { inbound: TInboundRow; parsed: TParsedEmail; sender: string; written: TWrittenAttachment[] },
  ): Promise<TDocumentRow> {
    const { inbound, parsed } = options
    const fields = buildMailFields(parsed, options.written)
    const ticket = await insertDocument(tx, tickets, {
      id: newInboundId(),
      data: {
        email: options.sender,
        subject: fields.subject,
        body: fields.body,
        rawJson: fields.rawJson,
        status: TicketStatus.open,
        priority: null,
        userId: inbound.userId,
        processing_status: ProcessingStatus.waiting,
        description: null,
        category: null,
        processing_error: null,
      },
      permissions: ownerPermissions(inbound.userId),
    })
    await rememberThreadId(tx, { userId: inbound.userId, messageId: parsed.messageId, ticketId: ticket.id })
    await insertAttachmentRows(tx, {
      written: options.written,
      inboundId: inbound.id,
      userId: inbound.userId,
      ticketId: ticket.id,
      threadMessageId: null,
    })
    await recordInboundOutcome(tx, {
      inboundId: inbound.id,
      status: 'ticket',
      reason: describeDefects(parsed) ?? parsed.classification.reason,
      from: options.sender,
      subject: parsed.subject,
      messageId: parsed.messageId,
      ticketId: ticket.id,
    })
    return ticket
  }

  async function appendToThread(
    tx: TQueryable,
    options: {
      inbound: TInboundRow
      parsed: TParsedEmail
      sender: string
      written: TWrittenAttachment[]
      ticket: TDocumentRow
      matchedBy: string
    },
  ): Promise<{ ticket: TDocumentRow; message: TDocumentRow }> {
    const { inbound, parsed } = options
    const fields = buildMailFields(parsed, options.written)
    const message = await insertDocument(tx, messages, {
      id: newInboundId(),
      data: {
        ticketId: options.ticket.id,
        userId: inbound.userId,
        direction: 'inbound',
        from: options.sender,
        subject: fields.subject,
        body: fields.body,
        rawJson: fields.rawJson,
        messageId: parsed.messageId,
        inboundId: inbound.id,
        sentAt: parsed.date,
        createdAt: new Date().toISOString(),
      },
      permissions: messagePermissions(inbound.userId),
    })
    // A customer writing again reopens a closed ticket; any answer marks the ticket as changed.
    const reopen = options.ticket.status === TicketStatus.closed ? { status: TicketStatus.open } : {}
    const ticket =
      (await updateDocument(tx, tickets, { id: options.ticket.id, data: reopen })) ?? options.ticket
    await rememberThreadId(tx, { userId: inbound.userId, messageId: parsed.messageId, ticketId: ticket.id })
    await insertAttachmentRows(tx, {
      written: options.written,
      inboundId: inbound.id,
      userId: inbound.userId,
      ticketId: ticket.id,
      threadMessageId: message.id,
    })
    await recordInboundOutcome(tx, {
      inboundId: inbound.id,
      status: 'thread-message',
      reason: `answers ticket ${ticket.id} (${options.matchedBy})${reopen.status ? ', reopened it' : ''}`,
      from: options.sender,
      subject: parsed.subject,
      messageId: parsed.messageId,
      ticketId: ticket.id,
      threadMessageId: message.id,
    })
    return { ticket, message }
  }

  async function decideMail(inbound: TInboundRow, parsed: TParsedEmail, sender: string) {
    const written = await writeAttachments({
      storage: deps.storage,
      inboundId: inbound.id,
      attachments: parsed.attachments,
    })
    const committed = await db.transaction(async (tx): Promise<TCommitted | undefined> => {
      if (parsed.messageId) {
        // Two deliveries of one Message-ID decided at once must see each other: one waits for the other.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
          `${inbound.mailboxId} ${parsed.messageId}`,
        ])
      }
      if (!(await lockPendingInbound(tx, inbound.id))) return undefined
      const earlier = parsed.messageId
        ? await findDecidedMessageId(tx, {
            mailboxId: inbound.mailboxId,
            messageId: parsed.messageId,
            exceptId: inbound.id,
          })
        : undefined
      if (earlier) {
        await recordInboundOutcome(tx, {
          inboundId: inbound.id,
          status: 'duplicate',
          reason: `Message-ID <${parsed.messageId}> was already received as ${earlier}`,
          from: sender,
          subject: parsed.subject,
          messageId: parsed.messageId,
          duplicateOf: earlier,
        })
        await countOnMailbox(tx, { mailboxId: inbound.mailboxId, counter: OUTCOME_COUNTER.duplicate })
        return { kind: 'other', status: 'duplicate' }
      }
      const match = await findThreadTicket(tx, {
        tickets,
        userId: inbound.userId,
        keys: extractThreadKeys(parsed),
        senderAddress: sender,
      })
      if (match) {
        const appended = await appendToThread(tx, {
          inbound,
          parsed,
          sender,
          written,
          ticket: match.ticket,
          matchedBy: match.reason,
        })
        await countOnMailbox(tx, { mailboxId: inbound.mailboxId, counter: OUTCOME_COUNTER['thread-message'] })
        return { kind: 'thread', ...appended }
      }
      const ticket = await createTicket(tx, { inbound, parsed, sender, written })
      await countOnMailbox(tx, { mailboxId: inbound.mailboxId, counter: OUTCOME_COUNTER.ticket })
      return { kind: 'ticket', ticket }
    })
    // Only the run that decided may drop the files: a run that found the delivery decided shares its keys.
    if (committed?.kind === 'other') await removeAttachments({ storage: deps.storage, written })
    return committed
  }

  return {
    async processInboundEmail(options: {
      inboundId: string
      isLastAttempt: boolean
    }): Promise<TProcessResult> {
      const inbound = await findInboundWithRaw(db, options.inboundId)
      if (inbound?.status !== 'received') return { status: 'already-decided' }
      if (!inbound.raw)
        return decideWithoutMail(inbound, { status: 'rejected', reason: 'the raw message is missing' })
      let parsed: TParsedEmail
      try {
        parsed = await parseInboundEmail(inbound.raw)
      } catch (error) {
        if (!(error instanceof UnparseableEmailError)) throw error
        return decideWithoutMail(inbound, { status: 'rejected', reason: error.reason })
      }
      const noise = detectNoise({
        parsed,
        envelopeFrom: inbound.envelopeFrom,
        inboundDomain: deps.inboundDomain,
      })
      if (noise) return decideWithoutMail(inbound, noise, parsed)
      const sender = parsed.from?.address || inbound.envelopeFrom
      if (!sender) {
        return decideWithoutMail(
          inbound,
          { status: 'rejected', reason: 'no sender address anywhere in the message or envelope' },
          parsed,
        )
      }
      try {
        const committed = await decideMail(inbound, parsed, sender)
        if (!committed) return { status: 'already-decided' }
        if (committed.kind === 'other') return { status: committed.status }
        if (committed.kind === 'thread') {
          await publishDocumentEvent({
            bus: deps.bus,
            def: messages,
            action: 'create',
            row: committed.message,
          })
          await publishDocumentEvent({ bus: deps.bus, def: tickets, action: 'update', row: committed.ticket })
          return { status: 'thread-message', ticketId: committed.ticket.id }
        }
        // As for a form ticket: the create event first, so the analysis' updates cannot overtake it.
        await publishDocumentEvent({ bus: deps.bus, def: tickets, action: 'create', row: committed.ticket })
        await tickets.afterCreate?.(committed.ticket)
        return { status: 'ticket', ticketId: committed.ticket.id }
      } catch (error) {
        if (!options.isLastAttempt) throw error
        // Out of retries: the delivery is shown as rejected with the error instead of waiting for ever.
        const reason = `processing failed: ${error instanceof Error ? error.message : String(error)}`
        return decideWithoutMail(inbound, { status: 'rejected', reason }, parsed)
      }
    },
  }
}

export type TInboundProcessor = ReturnType<typeof createInboundProcessor>
