import { REPORT_MESSAGES, ReportHours, type TReportSummary } from '@parsedesk/contracts'
import { AppwriteException, type Client, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { TEST_DATABASE_URL } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

const get = <T>(client: Client, path: string, params: Record<string, string>) =>
  client.call('get', new URL(`${client.config.endpoint}${path}`), {}, params) as Promise<T>

// Postgres only: a report is held running by a lock another connection keeps on the tickets; PGlite has
// one connection, so the lock would hold every request.
describe.skipIf(!TEST_DATABASE_URL)('one report at a time per member, on postgres', () => {
  let server: TTestServer
  let ada: TSdkUser
  let teamId: string

  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres' })
    ada = await signUpUser(server.url, 'Ada Owner')
    teamId = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
  })
  afterAll(() => server?.stop())

  const summary = () =>
    get<TReportSummary>(ada.client, '/reports/summary', {
      teamId,
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'UTC',
      hours: ReportHours.calendar,
    })

  it('refuses a second report while the first runs, and takes it once the first has arrived', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    const holder = server.db.transaction(async (tx) => {
      await tx.query('lock table tickets in access exclusive mode')
      locked()
      await released
    })
    await isLocked
    const first = summary()
    // The first report is running once its read of the tickets waits on the lock.
    await waitForValue(
      async () =>
        (
          await server.db.query<{ n: number }>(
            // This database's report, not another test's database on the server or this server's jobs.
            `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
             where not l.granted and l.relation = 'tickets'::regclass and a.datname = current_database()
               and a.query ilike '%report_rows%'`,
          )
        ).rows[0]?.n,
      { what: 'the first report to wait on the tickets' },
    )
    const refused = await summary().then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(AppwriteException)
    expect((refused as AppwriteException).code).toBe(429)
    expect((refused as AppwriteException).message).toBe(REPORT_MESSAGES.busyMember)

    release()
    await holder
    expect((await first).headline.tickets).toBe(0)
    expect((await summary()).headline.tickets).toBe(0)
  })
})
