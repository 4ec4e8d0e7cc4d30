import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import { countIngestQueue, INGEST_QUEUE } from '../mail/inbound/inbound-queue'
import { readOldestWaitingSeconds } from '../mail/inbound/intake-backlog'

/**
 * A run that ended: pg-boss's creation time of the job (for mail, its delivery's arrival), so the latency
 * counts retries and waits.
 */
export type TSettledJob = { queue: string; createdOn: Date; succeeded: boolean }

export type TMetrics = {
  /** `channel` as the inbound store names it: smtp, webhook-postmark, imap... */
  emailAccepted(channel: string): void
  emailRejected(channel: string, reason: string): void
  /** An outbound limit refused a reply or an invitation (outbox/sending-limits.ts names them). */
  outboundLimited(limit: string): void
  jobSettled(run: TSettledJob): void
  observeHttp(request: { method: string; route: string; statusCode: number; seconds: number }): void
  /** The open realtime sockets of this process, read at each scrape. */
  countRealtimeConnections(read: () => number): void
  /** The Prometheus text of every metric; database-wide ones are read now. */
  render(): Promise<string>
  readonly contentType: string
}

export type TCreateMetricsOptions = {
  db: TQueryable
  /** Every pg-boss queue, each shown even while empty; the ingest queue (the inbound store's) is added. */
  jobQueues: readonly string[]
  /** The queue whose job analyses a ticket. */
  analysisQueue: string
  log: TLog
}

const LIVE_STATES = ['created', 'retry', 'active'] as const
const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'not-sent'] as const

// From a few milliseconds (one mail, idle worker) to minutes (a backlog, or retries with back-off).
const PIPELINE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/**
 * The process's metrics, on a registry of its own (several servers may share a test process). Counters
 * and histograms are this process's; gauges read from the database (queues, outbox, mail outcomes) are
 * database-wide, the same from every process.
 */
export function createMetrics(options: TCreateMetricsOptions): TMetrics {
  const { db, log } = options
  const registry = new Registry()
  // Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC, CPU, open handles.
  collectDefaultMetrics({ register: registry })

  const accepted = new Counter({
    name: 'parsedesk_emails_accepted_total',
    help: 'Mails acknowledged to their sender (SMTP 250, webhook 2xx, IMAP), each stored before its answer',
    labelNames: ['channel'],
    registers: [registry],
  })
  const rejected = new Counter({
    name: 'parsedesk_emails_rejected_total',
    help: 'Mails or sessions refused at the door, by reason',
    labelNames: ['channel', 'reason'],
    registers: [registry],
  })
  const ticketCreation = new Histogram({
    name: 'parsedesk_ticket_creation_seconds',
    help: 'From a mail accepted to its ingest committed (ticket created, reply threaded, or mail kept)',
    buckets: PIPELINE_BUCKETS,
    registers: [registry],
  })
  const ticketAnalysis = new Histogram({
    name: 'parsedesk_ticket_analysis_seconds',
    help: 'From a ticket created to its analysis stored by the analysis job (not mail analysed as it is ingested)',
    buckets: PIPELINE_BUCKETS,
    registers: [registry],
  })
  const outboundLimited = new Counter({
    name: 'parsedesk_outbound_limited_total',
    help: 'Replies and invitations an outbound limit refused, by limit (nothing of them was queued)',
    labelNames: ['limit'],
    registers: [registry],
  })
  const jobRuns = new Counter({
    name: 'parsedesk_job_runs_total',
    help: 'Job runs this process finished, by queue and outcome (a failed run is retried while tries remain)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  })
  const http = new Histogram({
    name: 'parsedesk_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  })
  const realtimeReaders: (() => number)[] = []
  new Gauge({
    name: 'parsedesk_realtime_connections',
    help: 'Realtime websockets open on this process',
    registers: [registry],
    collect() {
      this.set(realtimeReaders.reduce((sum, read) => sum + read(), 0))
    },
  })

  const queueJobs = new Gauge({
    name: 'parsedesk_queue_jobs',
    help: 'Jobs waiting (created, retry) or running (active), per queue; database-wide',
    labelNames: ['queue', 'state'],
    registers: [registry],
  })
  const queueAge = new Gauge({
    name: 'parsedesk_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job waiting to run, per queue (0 when none waits); database-wide',
    labelNames: ['queue'],
    registers: [registry],
  })
  const outbox = new Gauge({
    name: 'parsedesk_outbox_mails',
    help: 'Outbound mails by state; database-wide',
    labelNames: ['state'],
    registers: [registry],
  })
  const outcomes = new Gauge({
    name: 'parsedesk_inbound_emails',
    help: 'Mails received since each mailbox was made, by outcome, summed over mailboxes; database-wide',
    labelNames: ['outcome'],
    registers: [registry],
  })

  const inboundWaiting = new Gauge({
    name: 'parsedesk_inbound_oldest_waiting_seconds',
    help: 'Age of the oldest mail stored but not yet decided (0 when none waits); past INTAKE_MAX_WAITING_SECONDS new mail is deferred; database-wide',
    registers: [registry],
  })

  const databaseGauges = [queueJobs, queueAge, outbox, outcomes, inboundWaiting]
  // Read once per scrape. Zeros for the queues with nothing in them, so a graph shows 0 and not a gap.
  const readDatabase = async () => {
    const [jobs, ingest, mails, received, waiting] = await Promise.all([
      db.query<{ name: string; state: string; count: number; age: number }>(
        `select name, state::text as state, count(*)::int as count,
           extract(epoch from now() - min(created_on))::float8 as age
         from pgboss.job where state in ('created', 'retry', 'active') and name = any($1::text[])
         group by name, state`,
        [options.jobQueues],
      ),
      countIngestQueue(db),
      db.query<{ state: string; count: number }>(
        `select "state" as state, count(*)::int as count from outbox group by "state"`,
      ),
      db.query<Record<string, number | null>>(
        `select coalesce(sum("received"), 0)::int as received, coalesce(sum("tickets"), 0)::int as ticket,
           coalesce(sum("threadMessages"), 0)::int as "thread-message",
           coalesce(sum("duplicates"), 0)::int as duplicate, coalesce(sum("autoReplies"), 0)::int as "auto-reply",
           coalesce(sum("bounces"), 0)::int as bounce, coalesce(sum("loops"), 0)::int as loop,
           coalesce(sum("rejected"), 0)::int as rejected
         from mailboxes`,
      ),
      readOldestWaitingSeconds(db),
    ])
    // Replaced in one synchronous step, so a scrape running alongside never reads them half-set.
    for (const gauge of databaseGauges) gauge.reset()
    const oldest = new Map(options.jobQueues.map((queue) => [queue, 0]))
    for (const queue of options.jobQueues) {
      for (const state of LIVE_STATES) queueJobs.set({ queue, state }, 0)
    }
    // Mail waiting to be ingested (decision 041) in pg-boss's states: claimable; backing off or out of
    // tries (the sweeper's); claimed by a worker.
    queueJobs.set({ queue: INGEST_QUEUE, state: 'created' }, ingest.waiting)
    queueJobs.set({ queue: INGEST_QUEUE, state: 'retry' }, ingest.retrying + ingest.exhausted)
    queueJobs.set({ queue: INGEST_QUEUE, state: 'active' }, ingest.active)
    oldest.set(INGEST_QUEUE, ingest.oldestSeconds ?? 0)
    for (const row of jobs.rows) {
      queueJobs.set({ queue: row.name, state: row.state }, row.count)
      if (row.state !== 'active') oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, row.age))
    }
    for (const [queue, seconds] of oldest) queueAge.set({ queue }, seconds)
    for (const state of OUTBOX_STATES) outbox.set({ state }, 0)
    for (const row of mails.rows) outbox.set({ state: row.state }, row.count)
    for (const [outcome, count] of Object.entries(received.rows[0] ?? {}))
      outcomes.set({ outcome }, count ?? 0)
    inboundWaiting.set(waiting)
  }

  return {
    contentType: registry.contentType,
    emailAccepted: (channel) => accepted.inc({ channel }),
    emailRejected: (channel, reason) => rejected.inc({ channel, reason }),
    outboundLimited: (limit) => outboundLimited.inc({ limit }),
    jobSettled(run) {
      jobRuns.inc({ queue: run.queue, outcome: run.succeeded ? 'completed' : 'failed' })
      if (!run.succeeded) return
      const seconds = (Date.now() - run.createdOn.getTime()) / 1000
      if (run.queue === INGEST_QUEUE) ticketCreation.observe(seconds)
      if (run.queue === options.analysisQueue) ticketAnalysis.observe(seconds)
    },
    observeHttp: ({ method, route, statusCode, seconds }) =>
      http.observe({ method, route, status_code: statusCode }, seconds),
    countRealtimeConnections: (read) => realtimeReaders.push(read),
    async render() {
      try {
        await readDatabase()
      } catch (error) {
        // Left out rather than stale: an alert on their absence fires, and this process's own metrics stay.
        for (const gauge of databaseGauges) gauge.reset()
        log('metrics: reading queues, outbox and mail outcomes from the database failed', error)
      }
      return registry.metrics()
    },
  }
}
