import { ProcessingStatus, TicketStatus } from '@parsedesk/contracts'
import type { TDatabase, TQueryable } from '../../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../../documents/collection'
import { insertDocument, updateDocument } from '../../documents/document-repository'
import { publishDocumentEvent } from '../../documents/publish-document-event'
import type { TFileStorage } from '../../files/file-storage'
import type { TEventBus } from '../../realtime/event-bus'
import { ownerPermissions } from '../../tickets/tickets-collection'
import {
  addOutcomeCounts,
  findDecidedMessageId,
  findInboundsWithRaw,
  findInboundWithRaw,
  lockPendingInbound,
  lockPendingInbounds,
  newInboundId,
  recordInboundOutcome,
  type TInboundRow,
  type TInboundWithRaw,
  type TOutcomeCounter,
} from '../inbound/inbound-repository'
import { countOnMailbox, OUTCOME_COUNTER, type TInboundOutcome } from '../mailboxes/mailbox-repository'
import { messagePermissions } from '../messages/messages-collection'
import { extractThreadKeys, parseInboundEmail, type TParsedEmail, UnparseableEmailError } from '../parse'
import { buildMailFields } from './build-mail-fields'
import { detectNoise } from './detect-noise'
import { findThreadTicket, rememberThreadId } from './find-thread-ticket'
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

type TMailToDecide = {
  inbound: TInboundRow
  parsed: TParsedEmail
  sender: string
  written: TWrittenAttachment[]
}

type TNoTicketOutcome = { status: 'rejected' | 'loop' | 'bounce' | 'auto-reply'; reason: string }

type TTriage = { outcome: TNoTicketOutcome; parsed?: TParsedEmail } | { parsed: TParsedEmail; sender: string }

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
    outcome: TNoTicketOutcome,
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

  /** The deciding writes of one mail, its row already locked and still undecided; the caller counts. */
  async function decideLockedMail(tx: TQueryable, mail: TMailToDecide): Promise<TCommitted> {
    const { inbound, parsed, sender, written } = mail
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
      return { kind: 'thread', ...appended }
    }
    return { kind: 'ticket', ticket: await createTicket(tx, { inbound, parsed, sender, written }) }
  }

  /** Two deliveries of one Message-ID decided at once must see each other: one waits for the other. */
  async function lockMessageIds(tx: TQueryable, mails: TMailToDecide[]): Promise<void> {
    const keys = [
      ...new Set(
        mails.flatMap((m) => (m.parsed.messageId ? [`${m.inbound.mailboxId} ${m.parsed.messageId}`] : [])),
      ),
    ].sort()
    if (keys.length === 0) return
    // Always in the same order, so two batches never hold each other's keys.
    await tx.query('select pg_advisory_xact_lock(hashtext(k)) from unnest($1::text[]) as k', [keys])
  }

  async function decideMail(mail: TMailToDecide): Promise<TCommitted | undefined> {
    const committed = await db.transaction(async (tx): Promise<TCommitted | undefined> => {
      await lockMessageIds(tx, [mail])
      if (!(await lockPendingInbound(tx, mail.inbound.id))) return undefined
      const decided = await decideLockedMail(tx, mail)
      await countOnMailbox(tx, { mailboxId: mail.inbound.mailboxId, counter: counterOf(decided) })
      return decided
    })
    // Only the run that decided may drop the files: a run that found the delivery decided shares its keys.
    if (committed?.kind === 'other') await removeAttachments({ storage: deps.storage, written: mail.written })
    return committed
  }

  /** Several mails in one transaction: one commit, and each mailbox's counters updated once. */
  async function decideMails(mails: TMailToDecide[]): Promise<(TCommitted | undefined)[]> {
    const committed = await db.transaction(async (tx) => {
      await lockMessageIds(tx, mails)
      const pending = await lockPendingInbounds(
        tx,
        mails.map((m) => m.inbound.id),
      )
      const counts = new Map<string, Map<TOutcomeCounter, number>>()
      const decisions: (TCommitted | undefined)[] = []
      for (const mail of mails) {
        if (!pending.has(mail.inbound.id)) {
          decisions.push(undefined)
          continue
        }
        // A mail answering or repeating one decided earlier in this batch sees its writes.
        const decided = await decideLockedMail(tx, mail)
        decisions.push(decided)
        const mailboxCounts = counts.get(mail.inbound.mailboxId) ?? new Map<TOutcomeCounter, number>()
        const counter = counterOf(decided)
        counts.set(mail.inbound.mailboxId, mailboxCounts.set(counter, (mailboxCounts.get(counter) ?? 0) + 1))
      }
      for (const mailboxId of [...counts.keys()].sort()) {
        await addOutcomeCounts(tx, { mailboxId, counts: counts.get(mailboxId) ?? new Map() })
      }
      return decisions
    })
    for (const [index, decided] of committed.entries()) {
      const mail = mails[index]
      if (decided?.kind === 'other' && mail)
        await removeAttachments({ storage: deps.storage, written: mail.written })
    }
    return committed
  }

  /** Parses and screens a stored delivery: either an outcome without a ticket, or mail to decide. */
  async function triage(inbound: TInboundWithRaw): Promise<TTriage> {
    if (!inbound.raw) return { outcome: { status: 'rejected', reason: 'the raw message is missing' } }
    let parsed: TParsedEmail
    try {
      parsed = await parseInboundEmail(inbound.raw)
    } catch (error) {
      if (!(error instanceof UnparseableEmailError)) throw error
      return { outcome: { status: 'rejected', reason: error.reason } }
    }
    const noise = detectNoise({
      parsed,
      envelopeFrom: inbound.envelopeFrom,
      inboundDomain: deps.inboundDomain,
    })
    if (noise) return { outcome: noise, parsed }
    const sender = parsed.from?.address || inbound.envelopeFrom
    if (!sender) {
      return {
        outcome: { status: 'rejected', reason: 'no sender address anywhere in the message or envelope' },
        parsed,
      }
    }
    return { parsed, sender }
  }

  /** The events of a committed decision; a new ticket's follow-up (its analysis) is left to the caller. */
  async function publishCommitted(committed: TCommitted): Promise<TProcessResult> {
    if (committed.kind === 'other') return { status: committed.status }
    if (committed.kind === 'thread') {
      await publishDocumentEvent({ bus: deps.bus, def: messages, action: 'create', row: committed.message })
      await publishDocumentEvent({ bus: deps.bus, def: tickets, action: 'update', row: committed.ticket })
      return { status: 'thread-message', ticketId: committed.ticket.id }
    }
    // As for a form ticket: the create event first, so the analysis' updates cannot overtake it.
    await publishDocumentEvent({ bus: deps.bus, def: tickets, action: 'create', row: committed.ticket })
    return { status: 'ticket', ticketId: committed.ticket.id }
  }

  async function processInboundEmail(options: {
    inboundId: string
    isLastAttempt: boolean
  }): Promise<TProcessResult> {
    const inbound = await findInboundWithRaw(db, options.inboundId)
    if (inbound?.status !== 'received') return { status: 'already-decided' }
    const triaged = await triage(inbound)
    if ('outcome' in triaged) return decideWithoutMail(inbound, triaged.outcome, triaged.parsed)
    const { parsed, sender } = triaged
    try {
      const written = await writeAttachments({
        storage: deps.storage,
        inboundId: inbound.id,
        attachments: parsed.attachments,
      })
      const committed = await decideMail({ inbound, parsed, sender, written })
      if (!committed) return { status: 'already-decided' }
      const result = await publishCommitted(committed)
      if (committed.kind === 'ticket') await tickets.afterCreate?.(committed.ticket)
      return result
    } catch (error) {
      if (!options.isLastAttempt) throw error
      // Out of retries: the delivery is shown as rejected with the error instead of waiting for ever.
      const reason = `processing failed: ${error instanceof Error ? error.message : String(error)}`
      return decideWithoutMail(inbound, { status: 'rejected', reason }, parsed)
    }
  }

  return {
    processInboundEmail,

    /**
     * Decides a batch of deliveries with one transaction for all the mail among them. Anything unusual
     * (an outcome without a ticket, a failing batch) goes the one-by-one way, which owns retries and
     * the last attempt's rejection. Resolves with each run's error, or undefined, in order.
     */
    async processInboundBatch(runs: { inboundId: string; isLastAttempt: boolean }[]): Promise<unknown[]> {
      const errors: unknown[] = runs.map(() => undefined)
      const one = async (index: number) => {
        const run = runs[index]
        if (!run) return
        await processInboundEmail(run).catch((error: unknown) => {
          errors[index] = error ?? new Error('processing failed')
        })
      }
      const stored = await findInboundsWithRaw(
        db,
        runs.map((run) => run.inboundId),
      )
      const mails: (TMailToDecide & { index: number })[] = []
      const alone: number[] = []
      for (const [index, run] of runs.entries()) {
        const inbound = stored.get(run.inboundId)
        if (inbound?.status !== 'received') continue
        const triaged = await triage(inbound).catch(() => undefined)
        if (!triaged || 'outcome' in triaged || mails.some((m) => m.inbound.id === inbound.id)) {
          alone.push(index)
          continue
        }
        const written = await writeAttachments({
          storage: deps.storage,
          inboundId: inbound.id,
          attachments: triaged.parsed.attachments,
        }).catch(() => undefined)
        if (written) mails.push({ index, inbound, ...triaged, written })
        else alone.push(index)
      }
      for (const index of alone) await one(index)
      if (mails.length === 0) return errors
      const committed = await decideMails(mails).catch(() => undefined)
      if (!committed) {
        for (const mail of mails) await one(mail.index)
        return errors
      }
      const created: TDocumentRow[] = []
      for (const [position, decided] of committed.entries()) {
        const mail = mails[position]
        if (!decided || !mail) continue
        try {
          await publishCommitted(decided)
          if (decided.kind === 'ticket') created.push(decided.ticket)
        } catch (error) {
          errors[mail.index] = error
        }
      }
      // After every create event; side by side, so the analysis jobs are enqueued together.
      await Promise.all(created.map((ticket) => tickets.afterCreate?.(ticket)))
      return errors
    },
  }
}

function counterOf(decided: TCommitted): TOutcomeCounter {
  if (decided.kind === 'ticket') return OUTCOME_COUNTER.ticket
  if (decided.kind === 'thread') return OUTCOME_COUNTER['thread-message']
  return OUTCOME_COUNTER[decided.status]
}

export type TInboundProcessor = ReturnType<typeof createInboundProcessor>
