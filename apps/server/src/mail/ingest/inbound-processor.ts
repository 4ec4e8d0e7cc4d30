import type { TAnalyser } from '../../analysis'
import type { TLog } from '../../core/logger'
import type { TDatabase } from '../../db/database'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TFileStorage } from '../../files/file-storage'
import type { TDeliveryObserver } from '../../outbox/delivery-observer'
import type { TEventBus } from '../../realtime/event-bus'
import { deferDerivations } from '../../tickets/ticket-events'
import type { TTicketService } from '../../tickets/ticket-service'
import { findInboundsWithRaw, type TInboundWithRaw } from '../inbound/inbound-repository'
import type { TParsedEmail } from '../parse'
import { analyseDeliveries } from './analyse-deliveries'
import { findArrivalOrder } from './batch-decisions-repository'
import { decideMail, findPlainNewTickets, lockUndecided, planNewTicket } from './decide-delivery'
import type { TMailDelivery, TPreparedDelivery } from './prepared-delivery'
import { publishDecisions } from './publish-decisions'
import { recordNoTicketOutcome } from './record-no-ticket-outcome'
import { rejectBlockedSenders } from './reject-blocked-senders'
import { removeAttachments, writeAttachments } from './store-attachments'
import { triageDelivery } from './triage-delivery'
import { createDecisionWriter, type TWrittenDecision } from './write-decisions'

export type TInboundProcessorDeps = {
  db: TDatabase
  bus: TEventBus
  storage: TFileStorage
  tickets: TTicketService
  messages: TCollectionDefinition
  /** Replies' delivery on their tickets: a bounce's report about one fails it (decision 016). */
  delivery: TDeliveryObserver
  inboundDomain: string
  log: TLog
  /**
   * The local analyser, when it is the configured one: new tickets are written analysed (decision 032).
   * Without it (an LLM is configured) each new ticket waits for its analysis job.
   */
  localAnalyser?: TAnalyser
}

export type TInboundRun = { inboundId: string; isLastAttempt: boolean }

// A batch's raw mail and parsed copies are all held until its commit: up to 32 mails of 25 MB would not
// fit, so a batch is decided in parts of about this many bytes (a bigger mail is a part of its own).
const MAX_BATCH_BYTES = 32 * 1024 * 1024

/** Why a delivery's run failed, with what could be read of its mail (kept if the delivery is rejected). */
type TFailure = { error: unknown; parsed?: TParsedEmail }

/** Records that a stage failed for one delivery. */
type TFail = (inboundId: string, stage: string, failure: TFailure) => void

/**
 * Ingest, stage by stage: deliveries in the order they arrived, each triaged (parsed and screened) and its
 * attachments written; then, in one transaction for the batch, each decided (duplicate, answer on a
 * conversation, new ticket) and written with its outcome and counters; after the commit, published
 * (events, and analysis jobs for tickets not analysed in the batch). One mail is a batch of one. A
 * delivery is decided exactly once: a run that finds it decided does nothing.
 */
export function createInboundProcessor(deps: TInboundProcessorDeps) {
  const { db, log, localAnalyser } = deps
  const writer = createDecisionWriter(deps)

  /**
   * Triage, the attachments' files and, with the local analyser, each mail's analysis, outside any
   * transaction. Each mail's files are written while the next one is parsed; the result keeps the order
   * given.
   */
  async function prepare(inbounds: TInboundWithRaw[], fail: TFail): Promise<TPreparedDelivery[]> {
    const preparing: Promise<TPreparedDelivery | undefined>[] = []
    for (const inbound of inbounds) {
      const triage = await triageDelivery(inbound, deps).catch((error: unknown) => {
        fail(inbound.id, 'triage', { error })
        return undefined
      })
      if (!triage) continue
      if (triage.kind === 'no-ticket') {
        preparing.push(Promise.resolve({ ...triage, inbound }))
        continue
      }
      preparing.push(
        writeAttachments({
          storage: deps.storage,
          inboundId: inbound.id,
          attachments: triage.parsed.attachments,
        }).then(
          (written): TMailDelivery => ({ ...triage, inbound, written }),
          (error: unknown) => {
            fail(inbound.id, 'writing its attachments', { error, parsed: triage.parsed })
            return undefined
          },
        ),
      )
    }
    const prepared = (await Promise.all(preparing)).filter((delivery) => delivery !== undefined)
    return localAnalyser ? analyseDeliveries({ db, analyser: localAnalyser, log }, prepared) : prepared
  }

  /**
   * Decides and writes deliveries in one transaction. In arrival order: runs of plain new tickets are
   * written together, every other delivery is decided and written between them, so an answer to a mail of
   * the same batch sees its ticket, and tickets are numbered as their mail arrived. A new ticket is a plan
   * (`planNewTicket`, `decideMail`) until it is written: the place where what shapes a new ticket from its
   * mail goes.
   */
  function decideAndWrite(deliveries: TPreparedDelivery[]): Promise<TWrittenDecision[]> {
    // What follows from the batch's events (SLA clocks, report rows) is derived once, after automation.
    return db.transaction((tx) =>
      deferDerivations(tx, async () => {
        const undecided = await rejectBlockedSenders(tx, await lockUndecided(tx, deliveries))
        const plain = await findPlainNewTickets(tx, undecided)
        const written: TWrittenDecision[] = []
        let run: Parameters<typeof writer.writeNewTickets>[1] = []
        const writeRun = async () => {
          written.push(...(await writer.writeNewTickets(tx, run)))
          run = []
        }
        for (const delivery of undecided) {
          if (delivery.kind === 'no-ticket') {
            written.push(await writer.writeNoTicket(tx, delivery))
          } else if (plain.has(delivery)) {
            run.push({ mail: delivery, ticket: planNewTicket(delivery).ticket })
          } else {
            await writeRun()
            const decision = await decideMail(tx, delivery)
            written.push(await writer.writeMailDecision(tx, delivery, decision))
          }
        }
        await writeRun()
        const automated = await writer.automate(tx, written, undecided)
        await writer.countOutcomes(tx, automated)
        return automated
      }),
    )
  }

  /**
   * Commits the decisions of `deliveries`, then lets go of the files of mail that became no ticket (only
   * the run that decided may: a run that found a delivery decided shares its keys) and publishes.
   */
  async function commit(deliveries: TPreparedDelivery[], fail: TFail): Promise<void> {
    const written = await decideAndWrite(deliveries)
    const unticketed = new Set(written.flatMap((d) => (d.kind === 'no-ticket' ? [d.inboundId] : [])))
    for (const delivery of deliveries) {
      if (delivery.kind === 'mail' && unticketed.has(delivery.inbound.id)) {
        await removeAttachments({ storage: deps.storage, written: delivery.written }).catch(
          (error: unknown) =>
            log(`delivery ${delivery.inbound.id}: removing the files of a duplicate failed`, error),
        )
      }
    }
    await publishDecisions(deps, written).catch((error: unknown) => {
      // Decided and committed: a retry finds them decided. What the announcement left undone (an event,
      // an analysis job) the analysis sweeper makes good.
      for (const decision of written) fail(decision.inboundId, 'publishing', { error })
    })
  }

  /** One part of a batch: a failing transaction is tried again for each delivery alone. */
  async function ingestPart(inbounds: TInboundWithRaw[], fail: TFail): Promise<void> {
    const prepared = await prepare(inbounds, fail)
    if (prepared.length === 0) return
    const failed = await commit(prepared, fail).then(
      () => undefined,
      (error: unknown) => ({ error }),
    )
    if (!failed) return
    const [only] = prepared
    if (prepared.length === 1 && only) {
      fail(only.inbound.id, 'deciding', { error: failed.error, parsed: only.parsed })
      return
    }
    log(`deciding ${prepared.length} deliveries together failed; deciding each alone`, failed.error)
    for (const delivery of prepared) {
      await commit([delivery], fail).catch((error: unknown) =>
        fail(delivery.inbound.id, 'deciding', { error, parsed: delivery.parsed }),
      )
    }
  }

  /**
   * Out of retries: the delivery is shown as rejected with the error instead of waiting for ever. What
   * the mail said of itself is kept if it can be stored; if not, the envelope alone is.
   */
  async function rejectAfterLastAttempt(inbound: TInboundWithRaw, failure: TFailure): Promise<void> {
    const message = failure.error instanceof Error ? failure.error.message : String(failure.error)
    const options = {
      inboundId: inbound.id,
      mailboxId: inbound.mailboxId,
      outcome: { status: 'rejected' as const, reason: `processing failed: ${message}` },
      from: inbound.envelopeFrom,
    }
    const { parsed } = failure
    await recordNoTicketOutcome(db, {
      ...options,
      from: parsed?.from?.address ?? inbound.envelopeFrom,
      subject: parsed?.subject ?? null,
      messageId: parsed?.messageId ?? null,
    }).catch(() => recordNoTicketOutcome(db, options))
  }

  /**
   * Decides a batch of deliveries, all its mail in one transaction where it can. Resolves with each run's
   * error, or undefined, in the order of `runs`; a run on its last attempt that failed is rejected with
   * its reason instead, and then resolves undefined. Every failure is logged with its delivery's id.
   */
  async function processInboundBatch(runs: TInboundRun[]): Promise<unknown[]> {
    const failures = new Map<string, TFailure>()
    const fail = (inboundId: string, stage: string, failure: TFailure) => {
      log(`delivery ${inboundId}: ${stage} failed`, failure.error)
      failures.set(inboundId, {
        error: failure.error ?? new Error(`${stage} failed`),
        parsed: failure.parsed,
      })
    }
    const ids = [...new Set(runs.map((run) => run.inboundId))]
    // pg-boss hands a batch over in no particular order: an answer must come after the mail it answers.
    const order = await findArrivalOrder(db, ids)
    const stored = await findInboundsWithRaw(db, ids)
    const undecided = ids
      .flatMap((id) => {
        const inbound = stored.get(id)
        return inbound?.status === 'received'
          ? [{ inbound, ...(order.get(id) ?? { position: 0, size: 0 }) }]
          : []
      })
      .sort((a, b) => a.position - b.position)
    for (const part of chunkByBytes(undecided, MAX_BATCH_BYTES)) {
      await ingestPart(
        part.map(({ inbound }) => inbound),
        fail,
      )
    }
    const lastAttempts = new Set(runs.filter((run) => run.isLastAttempt).map((run) => run.inboundId))
    for (const [inboundId, failure] of failures) {
      const inbound = stored.get(inboundId)
      if (!inbound || !lastAttempts.has(inboundId)) continue
      try {
        await rejectAfterLastAttempt(inbound, failure)
        failures.delete(inboundId)
      } catch (error) {
        log(`delivery ${inboundId}: recording its rejection after the last try failed`, error)
      }
    }
    return runs.map((run) => failures.get(run.inboundId)?.error)
  }

  return {
    processInboundBatch,

    /** One delivery, as a batch of one; throws its error, so the queue tries it again. */
    async processInboundEmail(run: TInboundRun): Promise<void> {
      const [error] = await processInboundBatch([run])
      if (error !== undefined) throw error
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

export type TInboundProcessor = ReturnType<typeof createInboundProcessor>
