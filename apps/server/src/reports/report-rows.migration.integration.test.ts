import { SlaMetric } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { insertTeam } from '../teams/team-repository'
import { DATABASE_KINDS, openDatabaseBefore } from '../testing/test-database'
import { STORED_COLUMNS, storedOf, type TStoredRow } from './report-store'

const CLOSED = [1_790_000_000_000, 1_790_000_600_000, 1_790_086_400_123]

describe.each(DATABASE_KINDS)('migrations 062 and 063 type the measured rows on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openDatabaseBefore(kind, '062'))
    await insertUser(db, { id: 'ada', email: 'ada@example.com', name: 'Ada', passwordHash: null })
    await insertTeam(db, { id: 'ws', name: 'Workspace' })
    for (const id of ['t-sla', 't-none'])
      await db.query(
        `insert into tickets (id, "userId", "teamId", email, subject, body, status, processing_status)
         values ($1, 'ada', 'ws', 'c@customer.example', 'Help', 'Body', 'closed', 'completed')`,
        [id],
      )
    const row = `insert into report_rows ("ticketId", "teamId", "firstReplyMs", "firstReplyBusinessMs",
        "resolutionMs", "resolutionBusinessMs", "reopenCount", resolved, "oneTouch", "closedAt", "reopenedAt", sla)
      values ($1, 'ws', 60000, 30000, null, null, 2, true, false, $2, $3, $4)`
    // Met, breached already, and one still running (due at an instant); another ticket with no policy.
    await db.query(row, [
      't-sla',
      JSON.stringify(CLOSED),
      JSON.stringify([1_790_000_300_000]),
      JSON.stringify({ policyId: 'p1', 'first-reply': -1, 'next-reply': 0, resolution: 1_790_100_000_000 }),
    ])
    await db.query(row, ['t-none', '[]', '[]', '{}'])
    // One ticket rated, the other's survey sent and never answered.
    for (const [ticketId, rating] of [
      ['t-sla', 'good'],
      ['t-none', null],
    ])
      await db.query(
        `insert into satisfaction_surveys (id, "teamId", "ticketId", requester, "tokenHash", "sentAt", "expiresAt",
           rating, "ratedAt")
         values ($1, 'ws', $1, 'c@customer.example', 'hash-' || $1, now(), now() + interval '7 days', $2::text,
           case when $2::text is null then null else now() end)`,
        [ticketId, rating],
      )
    await migrate(db)
  })
  afterAll(() => close?.())

  const read = async (ticketId: string) => {
    const { rows } = await db.query<TStoredRow>(
      `select ${STORED_COLUMNS} from report_rows r where r."ticketId" = $1`,
      [ticketId],
    )
    return storedOf(rows[0] ?? expect.fail(`no row for ${ticketId}`))
  }

  it('keeps every measured value, so no ticket is measured again after the upgrade', async () => {
    expect(await read('t-sla')).toEqual({
      firstReply: { calendarMs: 60_000, businessMs: 30_000 },
      resolution: null,
      reopenCount: 2,
      resolved: true,
      oneTouch: false,
      closedAt: CLOSED,
      reopenedAt: [1_790_000_300_000],
      sla: {
        [SlaMetric.firstReply]: { met: true, breachAt: null, policyId: 'p1' },
        [SlaMetric.nextReply]: { met: false, breachAt: 0, policyId: 'p1' },
        [SlaMetric.resolution]: { met: false, breachAt: 1_790_100_000_000, policyId: 'p1' },
      },
      rating: 'good',
    })
    expect(await read('t-none')).toMatchObject({ closedAt: [], reopenedAt: [], sla: {}, rating: null })
  })

  it("gives each row its ticket's creation, by which a report finds the rows of a period", async () => {
    const { rows } = await db.query<{ same: boolean }>(
      `select r."createdAt" = t.created_at as same from report_rows r join tickets t on t.id = r."ticketId"`,
    )
    expect(rows).toEqual([{ same: true }, { same: true }])
  })
})
