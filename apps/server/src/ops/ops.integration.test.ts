import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  sendRaw,
  signUpWithMailbox,
  startMailTestServer,
  TEST_INBOUND_DOMAIN,
  type TMailTestServer,
  waitForDecided,
} from '../mail/mail.test-kit'
import { freePort } from '../testing/free-port'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

/** One sample of a Prometheus text page: the first line of `name` whose labels include `labels`. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    )
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3])
  }
  return undefined
}

function email(subject: string): string {
  return [
    'From: Ada Customer <ada@customer.example>',
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject.replaceAll(' ', '-')}-${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The export button does nothing since this morning, and our month end is tomorrow.',
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('health and metrics (%s)', (database) => {
  let server: TMailTestServer
  let metricsUrl: string
  let user: TSdkUser
  let address: string

  const scrape = async () => {
    const response = await fetch(`${metricsUrl}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4')
    return response.text()
  }

  beforeAll(async () => {
    const metricsPort = await freePort()
    server = await startMailTestServer({ database, env: { METRICS_PORT: String(metricsPort) } })
    metricsUrl = `http://127.0.0.1:${metricsPort}`
    ;({
      user,
      mailbox: { address },
    } = await signUpWithMailbox(server.url))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('is live and ready on the public port and on the metrics port, every check named', async () => {
    for (const base of [server.url, metricsUrl]) {
      const live = await fetch(`${base}/health/live`)
      expect(live.status).toBe(200)
      const ready = await fetch(`${base}/health/ready`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', queue: 'ok', smtp: 'ok' },
        failing: [],
        details: {
          intake: {
            oldestWaitingSeconds: expect.any(Number),
            maxWaitingSeconds: 1000000,
            behind: false,
            // The ingest queue is the inbound store (decision 041): what waits, is claimed, backs off, ran out.
            queue: { waiting: 0, active: 0, retrying: 0, exhausted: 0 },
          },
        },
      })
    }
  })

  it('answers 503 naming the failing check while a migration this version needs is missing', async () => {
    const [{ id }] = (await server.db.query<{ id: string }>('select max(id) as id from schema_migrations'))
      .rows as [{ id: string }]
    await server.db.query('delete from schema_migrations where id = $1', [id])
    try {
      const ready = await fetch(`${server.url}/health/ready`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({
        status: 'not ready',
        checks: { database: 'ok', migrations: '1 not applied', queue: 'ok', smtp: 'ok' },
        failing: ['migrations'],
      })
    } finally {
      await server.db.query('insert into schema_migrations (id) values ($1)', [id])
    }
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(200)
  })

  it('serves no metrics on the public port', async () => {
    const response = await fetch(`${server.url}/metrics`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('METRICS_PORT')
  })

  it('counts a mail accepted, its ticket and analysis, a refusal, HTTP by route and open sockets', async () => {
    const before = await scrape()
    const count = (page: string, name: string, labels: Record<string, string> = {}) =>
      sample(page, name, labels) ?? 0

    expect((await sendRaw({ port: server.smtpPort, to: address, raw: email('Export broken') })).code).toBe(
      250,
    )
    const refused = await sendRaw({
      port: server.smtpPort,
      to: `nobody@${TEST_INBOUND_DOMAIN}`,
      raw: email('To nobody'),
    })
    expect(refused.code).toBe(550)
    const [delivery] = await waitForDecided(user, 1)
    expect(delivery?.status).toBe('ticket')
    const ticketId = delivery?.ticketId as string
    await waitForValue(
      async () => {
        const ticket = await user.databases.getDocument({
          databaseId: 'main',
          collectionId: 'tickets',
          documentId: ticketId,
        })
        return ticket.processing_status === 'completed'
      },
      { what: 'the ticket analysed' },
    )
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v1/realtime?project=parsedesk`)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))

    try {
      // The job's completion is recorded after the ticket is written: wait for the histograms to see it.
      const after = await waitForValue(
        async () => {
          const page = await scrape()
          return count(page, 'parsedesk_ticket_creation_seconds_count') >
            count(before, 'parsedesk_ticket_creation_seconds_count')
            ? page
            : undefined
        },
        { what: 'the ingest in the metrics' },
      )
      const moved = (name: string, labels: Record<string, string> = {}) =>
        count(after, name, labels) - count(before, name, labels)
      expect(moved('parsedesk_emails_accepted_total', { channel: 'smtp' })).toBe(1)
      expect(moved('parsedesk_emails_rejected_total', { channel: 'smtp', reason: 'unknown-recipient' })).toBe(
        1,
      )
      expect(moved('parsedesk_ticket_creation_seconds_count')).toBe(1)
      // Analysed in its ingest batch (decision 032): no analysis job, so nothing waited to be analysed.
      expect(moved('parsedesk_ticket_analysis_seconds_count')).toBe(0)
      expect(moved('parsedesk_job_runs_total', { queue: 'ingest-inbound-email', outcome: 'completed' })).toBe(
        1,
      )
      expect(count(after, 'parsedesk_inbound_emails', { outcome: 'ticket' })).toBe(1)
      expect(count(after, 'parsedesk_queue_jobs', { queue: 'analyze-ticket', state: 'created' })).toBe(0)
      expect(sample(after, 'parsedesk_queue_oldest_waiting_seconds', { queue: 'analyze-ticket' })).toBe(0)
      expect(sample(after, 'parsedesk_outbox_mails', { state: 'queued' })).toBe(0)
      expect(count(after, 'parsedesk_realtime_connections')).toBe(1)
      expect(sample(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
      // Latency by route pattern: the ticket read above is one route, whatever its id.
      const documentRoute = '/v1/databases/:databaseId/collections/:collectionId/documents/:documentId'
      expect(
        count(after, 'parsedesk_http_request_duration_seconds_count', {
          method: 'GET',
          route: documentRoute,
          status_code: '200',
        }),
      ).toBeGreaterThanOrEqual(1)
      expect(after).not.toContain(ticketId)
    } finally {
      socket.close()
    }
  })

  it('shows a job waiting in its queue with its age', async () => {
    // A job due in an hour waits in the analysis queue as a delayed retry would.
    await server.db.query(
      `insert into pgboss.job (name, data, state, start_after, created_on)
       values ('analyze-ticket', '{}', 'created', now() + interval '1 hour', now() - interval '90 seconds')`,
    )
    try {
      const page = await scrape()
      expect(sample(page, 'parsedesk_queue_jobs', { queue: 'analyze-ticket', state: 'created' })).toBe(1)
      expect(
        sample(page, 'parsedesk_queue_oldest_waiting_seconds', { queue: 'analyze-ticket' }),
      ).toBeGreaterThan(89)
    } finally {
      await server.db.query(`delete from pgboss.job where name = 'analyze-ticket' and state = 'created'`)
    }
  })
})
