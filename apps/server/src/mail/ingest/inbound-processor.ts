import type { TDatabase, TQueryable } from '../../db/database'
import type { TCollectionDefinition, TDocumentRow } from '../../documents/collection'
import { insertDocument } from '../../documents/document-repository'
import { publishDocumentEvent } from '../../documents/publish-document-event'
import type { TFileStorage } from '../../files/file-storage'
import type { TEventBus } from '../../realtime/event-bus'
import type { TTicketService } from '../../tickets/ticket-service'
import {
  addOutcomeCounts,
  findInboundsWithRaw,
  findInboundWithRaw,
  lockPendingInbound,
  lockPendingInbounds,
  newInboundId,
  type TInboundRow,
  type TInboundWithRaw,
  type TOutcomeCounter,
} from '../inbound/inbound-repository'
import { countOnMailbox, OUTCOME_COUNTER, type TInboundOutcome } from '../mailboxes/mailbox-repository'
import { messagePermissions } from '../messages/messages-collection'
import { extractThreadKeys, parseInboundEmail, type TParsedEmail, UnparseableEmailError } from '../parse'
import {
  findArrivalOrder,
  findDecidedMessageIds,
  findKnownThreadIds,
  messageKey,
  recordInboundOutcomes,
  rememberThreadIds,
  threadKey,
} from './batch-decisions-repository'
import { buildMailFields } from './build-mail-fields'
import { detectNoise } from './detect-noise'
import { findThreadTicket } from './find-thread-ticket'
import { recordNoTicketOutcome, type TNoTicketOutcome } from './record-no-ticket-outcome'
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
  tickets: TTicketService
  messages: TCollectionDefinition
  inboundDomain: string
}

type TRun = { inboundId: string; isLastAttempt: boolean }

// A batch's raw mail and parsed copies are all held until its commit: up to 32 mails of 25 MB would not
// fit, so a batch is decided in parts of about this many bytes (a bigger mail is a part of its own).
const MAX_BATCH_BYTES = 32 * 1024 * 1024

export type TProcessResult = { status: TInboundOutcome | 'already-decided'; ticketId?: string }

type TMailToDecide = {
  inbound: TInboundRow
  parsed: TParsedEmail
  sender: string
  written: TWrittenAttachment[]
}

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
    const decided = await recordNoTicketOutcome(db, {
      inboundId: inbound.id,
      mailboxId: inbound.mailboxId,
      outcome,
      from: parsed?.from?.address ?? inbound.envelopeFrom,
      subject: parsed?.subject ?? null,
      messageId: parsed?.messageId ?? null,
    })
    return { status: decided ? outcome.status : 'already-decided' }
  }

  /** New tickets for several mails, with their thread ids, file rows and decisions: a few statements for all. */
  async function createTickets(tx: TQueryable, mails: TMailToDecide[]): Promise<TDocumentRow[]> {
    if (mails.length === 0) return []
    // Only a freshly drawn id already taken could fail this: the batch fails and is retried.
    const created = await tickets.insertTickets(
      tx,
      mails.map(({ inbound, parsed, sender, written }) => {
        const fields = buildMailFields(parsed, written)
        return { id: newInboundId(), ownerId: inbound.userId, email: sender, ...fields }
      }),
    )
    const pairs = mails.map((mail, index) => ({ mail, ticket: created[index] as TDocumentRow }))
    await rememberThreadIds(
      tx,
      pairs.map(({ mail, ticket }) => ({
        userId: mail.inbound.userId,
        messageId: mail.parsed.messageId,
        ticketId: ticket.id,
      })),
    )
    await insertAttachmentRows(
      tx,
      pairs.map(({ mail, ticket }) => ({
        written: mail.written,
        inboundId: mail.inbound.id,
        userId: mail.inbound.userId,
        ticketId: ticket.id,
        threadMessageId: null,
      })),
    )
    await recordInboundOutcomes(
      tx,
      pairs.map(({ mail, ticket }) => ({
        inboundId: mail.inbound.id,
        status: 'ticket',
        reason: describeDefects(mail.parsed) ?? mail.parsed.classification.reason,
        from: mail.sender,
        subject: mail.parsed.subject,
        messageId: mail.parsed.messageId,
        ticketId: ticket.id,
      })),
    )
    return created
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
    const { row: ticket, reopened } = await tickets.reopenOnCustomerMail(tx, options.ticket)
    await rememberThreadIds(tx, [
      { userId: inbound.userId, messageId: parsed.messageId, ticketId: ticket.id },
    ])
    await insertAttachmentRows(tx, [
      {
        written: options.written,
        inboundId: inbound.id,
        userId: inbound.userId,
        ticketId: ticket.id,
        threadMessageId: message.id,
      },
    ])
    await recordInboundOutcomes(tx, [
      {
        inboundId: inbound.id,
        status: 'thread-message',
        reason: `answers ticket ${ticket.id} (${options.matchedBy})${reopened ? ', reopened it' : ''}`,
        from: options.sender,
        subject: parsed.subject,
        messageId: parsed.messageId,
        ticketId: ticket.id,
        threadMessageId: message.id,
      },
    ])
    return { ticket, message }
  }

  /** The deciding writes of one mail, its row already locked and still undecided; the caller counts. */
  async function decideLockedMail(tx: TQueryable, mail: TMailToDecide): Promise<TCommitted> {
    const { inbound, parsed, sender, written } = mail
    const earlier = parsed.messageId
      ? (
          await findDecidedMessageIds(tx, [{ mailboxId: inbound.mailboxId, messageId: parsed.messageId }])
        ).get(messageKey(inbound.mailboxId, parsed.messageId))
      : undefined
    if (earlier) {
      await recordInboundOutcomes(tx, [
        {
          inboundId: inbound.id,
          status: 'duplicate',
          reason: `Message-ID <${parsed.messageId}> was already received as ${earlier}`,
          from: sender,
          subject: parsed.subject,
          messageId: parsed.messageId,
          duplicateOf: earlier,
        },
      ])
      return { kind: 'other', status: 'duplicate' }
    }
    const match = await findThreadTicket(tx, {
      tickets: tickets.collection,
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
    const [ticket] = await createTickets(tx, [mail])
    return { kind: 'ticket', ticket: ticket as TDocumentRow }
  }

  /**
   * Splits a batch's undecided mail into plain new tickets, which can all be written together, and the
   * mail that must be decided one by one, in order: a repeated Message-ID (here or in the store), a
   * possible answer to a known conversation or to another mail of the batch, a ticket tag.
   */
  async function sortOut(
    tx: TQueryable,
    mails: TMailToDecide[],
  ): Promise<{ plain: Set<TMailToDecide>; oneByOne: Set<TMailToDecide> }> {
    const withIds = mails.flatMap((m) => (m.parsed.messageId ? [{ m, messageId: m.parsed.messageId }] : []))
    const decided = await findDecidedMessageIds(
      tx,
      withIds.map(({ m, messageId }) => ({ mailboxId: m.inbound.mailboxId, messageId })),
    )
    const answers = mails.map((m) => {
      const keys = extractThreadKeys(m.parsed)
      const candidates = [keys.inReplyTo, ...keys.references].filter((id): id is string => !!id)
      return { m, candidates, tagged: !!keys.ticketTag }
    })
    const known = await findKnownThreadIds(
      tx,
      answers.flatMap(({ m, candidates }) =>
        candidates.map((messageId) => ({ userId: m.inbound.userId, messageId })),
      ),
    )
    const idsInBatch = new Map<string, number>()
    for (const { messageId } of withIds) idsInBatch.set(messageId, (idsInBatch.get(messageId) ?? 0) + 1)
    const plain = new Set<TMailToDecide>()
    const oneByOne = new Set<TMailToDecide>()
    for (const { m, candidates, tagged } of answers) {
      const messageId = m.parsed.messageId
      const entangled =
        tagged ||
        (messageId !== null &&
          (decided.has(messageKey(m.inbound.mailboxId, messageId)) ||
            (idsInBatch.get(messageId) ?? 0) > 1)) ||
        candidates.some((id) => known.has(threadKey(m.inbound.userId, id)) || idsInBatch.has(id))
      ;(entangled ? oneByOne : plain).add(m)
    }
    return { plain, oneByOne }
  }

  /** Two deliveries of one Message-ID decided at once must see each other: one waits for the other. */
  async function lockMessageIds(tx: TQueryable, mails: TMailToDecide[]): Promise<void> {
    const keys = [
      ...new Set(
        mails.flatMap((m) =>
          m.parsed.messageId ? [messageKey(m.inbound.mailboxId, m.parsed.messageId)] : [],
        ),
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

  /** Several mails in one transaction: one commit, new tickets written together, counters updated once. */
  async function decideMails(mails: TMailToDecide[]): Promise<(TCommitted | undefined)[]> {
    const committed = await db.transaction(async (tx) => {
      await lockMessageIds(tx, mails)
      const pending = await lockPendingInbounds(
        tx,
        mails.map((m) => m.inbound.id),
      )
      const { plain, oneByOne } = await sortOut(
        tx,
        mails.filter((m) => pending.has(m.inbound.id)),
      )
      // In arrival order: runs of plain mail written together, the rest one by one between them, so an
      // answer to a mail of this batch sees its ticket, and tickets are numbered as their mail arrived.
      const decisions = new Map<string, TCommitted>()
      let run: TMailToDecide[] = []
      const writeRun = async () => {
        const created = await createTickets(tx, run)
        for (const [index, mail] of run.entries()) {
          decisions.set(mail.inbound.id, { kind: 'ticket', ticket: created[index] as TDocumentRow })
        }
        run = []
      }
      for (const mail of mails) {
        if (plain.has(mail)) {
          run.push(mail)
        } else if (oneByOne.has(mail)) {
          await writeRun()
          decisions.set(mail.inbound.id, await decideLockedMail(tx, mail))
        }
      }
      await writeRun()
      const counts = new Map<string, Map<TOutcomeCounter, number>>()
      for (const mail of mails) {
        const decided = decisions.get(mail.inbound.id)
        if (!decided) continue
        const mailboxCounts = counts.get(mail.inbound.mailboxId) ?? new Map<TOutcomeCounter, number>()
        const counter = counterOf(decided)
        counts.set(mail.inbound.mailboxId, mailboxCounts.set(counter, (mailboxCounts.get(counter) ?? 0) + 1))
      }
      for (const mailboxId of [...counts.keys()].sort()) {
        await addOutcomeCounts(tx, { mailboxId, counts: counts.get(mailboxId) ?? new Map() })
      }
      return mails.map((mail) => decisions.get(mail.inbound.id))
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

  /**
   * What follows the commit of decisions: the events of each answer, and the new tickets announced by
   * the ticket service (their create events, then their analysis). All side by side, so the bus stores
   * them as one group, in this order.
   */
  async function announce(decisions: TCommitted[]): Promise<void> {
    const created = decisions.flatMap((decided) => (decided.kind === 'ticket' ? [decided.ticket] : []))
    await Promise.all([
      ...decisions.flatMap((decided) =>
        decided.kind === 'thread'
          ? [
              publishDocumentEvent({ bus: deps.bus, def: messages, action: 'create', row: decided.message }),
              tickets.announceUpdated([decided.ticket]),
            ]
          : [],
      ),
      tickets.announceCreated(created),
    ])
  }

  function resultOf(committed: TCommitted): TProcessResult {
    if (committed.kind === 'other') return { status: committed.status }
    return {
      status: committed.kind === 'thread' ? 'thread-message' : 'ticket',
      ticketId: committed.ticket.id,
    }
  }

  async function processInboundEmail(options: TRun): Promise<TProcessResult> {
    const inbound = await findInboundWithRaw(db, options.inboundId)
    if (inbound?.status !== 'received') return { status: 'already-decided' }
    let parsed: TParsedEmail | undefined
    try {
      const triaged = await triage(inbound)
      parsed = triaged.parsed
      if ('outcome' in triaged) return await decideWithoutMail(inbound, triaged.outcome, triaged.parsed)
      const written = await writeAttachments({
        storage: deps.storage,
        inboundId: inbound.id,
        attachments: triaged.parsed.attachments,
      })
      const committed = await decideMail({ inbound, ...triaged, written })
      if (!committed) return { status: 'already-decided' }
      await announce([committed])
      return resultOf(committed)
    } catch (error) {
      if (!options.isLastAttempt) throw error
      return rejectAfterLastAttempt(inbound, error, parsed)
    }
  }

  /**
   * Out of retries: the delivery is shown as rejected with the error instead of waiting for ever. What
   * the mail said of itself is kept if it can be stored; if not, the envelope alone is.
   */
  async function rejectAfterLastAttempt(
    inbound: TInboundRow,
    error: unknown,
    parsed: TParsedEmail | undefined,
  ): Promise<TProcessResult> {
    const outcome: TNoTicketOutcome = {
      status: 'rejected',
      reason: `processing failed: ${error instanceof Error ? error.message : String(error)}`,
    }
    try {
      return await decideWithoutMail(inbound, outcome, parsed)
    } catch {
      return decideWithoutMail(inbound, outcome)
    }
  }

  /** Decides mails that arrived in this order, all together where it can; records each run's error. */
  async function decideChunk(chunk: { run: TRun; index: number }[], errors: unknown[]): Promise<void> {
    const runs = new Map(chunk.map(({ run, index }) => [index, run]))
    const one = async (index: number) => {
      const run = runs.get(index)
      if (!run) return
      await processInboundEmail(run).catch((error: unknown) => {
        errors[index] = error ?? new Error('processing failed')
      })
    }
    const stored = await findInboundsWithRaw(
      db,
      chunk.map(({ run }) => run.inboundId),
    )
    const alone: number[] = []
    // Each mail's files are written while the next one is parsed; the list keeps the arrival order.
    const writing: Promise<(TMailToDecide & { index: number }) | number>[] = []
    const seen = new Set<string>()
    for (const { run, index } of chunk) {
      const inbound = stored.get(run.inboundId)
      if (inbound?.status !== 'received') continue
      const triaged = await triage(inbound).catch(() => undefined)
      if (!triaged || 'outcome' in triaged || seen.has(inbound.id)) {
        alone.push(index)
        continue
      }
      seen.add(inbound.id)
      writing.push(
        writeAttachments({
          storage: deps.storage,
          inboundId: inbound.id,
          attachments: triaged.parsed.attachments,
        }).then(
          (written) => ({ index, inbound, ...triaged, written }),
          () => index,
        ),
      )
    }
    const mails: (TMailToDecide & { index: number })[] = []
    for (const prepared of await Promise.all(writing)) {
      if (typeof prepared === 'number') alone.push(prepared)
      else mails.push(prepared)
    }
    for (const index of alone) await one(index)
    if (mails.length === 0) return
    const committed = await decideMails(mails).catch(() => undefined)
    if (!committed) {
      for (const mail of mails) await one(mail.index)
      return
    }
    const decided = committed.filter((decision): decision is TCommitted => decision !== undefined)
    await announce(decided).catch((error: unknown) => {
      // Decided and committed: a retry finds them decided. What their announcement left undone (an event,
      // an analysis job) the analysis sweeper makes good.
      for (const mail of mails) errors[mail.index] = error
    })
  }

  return {
    processInboundEmail,

    /**
     * Decides a batch of deliveries with one transaction for all the mail among them. Anything unusual
     * (an outcome without a ticket, a failing batch) goes the one-by-one way, which owns retries and
     * the last attempt's rejection. Resolves with each run's error, or undefined, in order.
     */
    async processInboundBatch(runs: TRun[]): Promise<unknown[]> {
      const errors: unknown[] = runs.map(() => undefined)
      // pg-boss hands a batch over in no particular order: an answer must come after the mail it answers.
      const sizes = await findArrivalOrder(
        db,
        runs.map((run) => run.inboundId),
      )
      const arrived = runs
        .map((run, index) => ({ run, index, ...(sizes.get(run.inboundId) ?? { position: 0, size: 0 }) }))
        .sort((a, b) => a.position - b.position)
      for (const chunk of chunkByBytes(arrived, MAX_BATCH_BYTES)) await decideChunk(chunk, errors)
      return errors
    },
  }
}

/** Consecutive parts of `items` of at most `maxBytes` each, but never empty. */
function chunkByBytes<T extends { size: number }>(items: T[], maxBytes: number): T[][] {
  const chunks: T[][] = []
  let current: T[] = []
  let bytes = 0
  for (const item of items) {
    if (current.length > 0 && bytes + item.size > maxBytes) {
      chunks.push(current)
      current = []
      bytes = 0
    }
    current.push(item)
    bytes += item.size
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

function counterOf(decided: TCommitted): TOutcomeCounter {
  if (decided.kind === 'ticket') return OUTCOME_COUNTER.ticket
  if (decided.kind === 'thread') return OUTCOME_COUNTER['thread-message']
  return OUTCOME_COUNTER[decided.status]
}

export type TInboundProcessor = ReturnType<typeof createInboundProcessor>
