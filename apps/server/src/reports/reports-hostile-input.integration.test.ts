import { CollectionId, REPORT_MESSAGES } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionOf } from '../mail/mail.test-kit'
import {
  createDocumentAs as create,
  expectAllRefused,
  NUL,
  send,
  startHostileCast,
} from '../testing/hostile-input'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

const today = new Date().toISOString().slice(0, 10)
const ROUTES = ['/v1/reports/summary', '/v1/reports/tickets', '/v1/reports/tickets.csv'] as const

describe.each(DATABASE_KINDS)('reports refuse hostile queries, on %s', (database) => {
  let server: TTestServer
  // Ada owns the workspace and Grace is its agent; Eve owns another, with a group and a ticket in it.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let evesWorkspace: string
  let evesGroup: string

  beforeAll(async () => {
    ;({ server, ada, grace, eve, workspace, evesWorkspace } = await startHostileCast(database))
    evesGroup = await create(eve, CollectionId.groups, { name: 'Eve’s team' })
    await create(eve, CollectionId.tickets, {
      email: 'carol@customer.example',
      subject: 'Theirs',
      body: 'Hi',
      groupId: evesGroup,
    })
    await create(ada, CollectionId.tickets, { email: 'dan@customer.example', subject: 'Ours', body: 'Hello' })
  })
  afterAll(() => server?.stop())

  const report = (as: TSdkUser | undefined, path: string, query: Record<string, string>) =>
    send(server.url, 'GET', path, {
      as,
      query: { teamId: workspace, from: today, to: today, slice: 'all', ...query },
    })
  /** The same hostile query to the summary, the drill-down and the CSV. */
  const onEveryRoute = (
    what: string,
    as: TSdkUser | undefined,
    query: Record<string, string>,
    expected: { status?: number; names?: string },
  ) =>
    ROUTES.map((path) => ({ what: `${what} (${path})`, request: () => report(as, path, query), ...expected }))

  it('answers NUL, oversized and nested values, wrong types and others’ workspaces with a clear 4xx', async () => {
    await expectAllRefused([
      ...onEveryRoute('guest', undefined, {}, { status: 401 }),
      ...onEveryRoute('guest with a malformed query', undefined, { from: 'yesterday' }, { status: 401 }),
      ...onEveryRoute(
        'another workspace',
        ada,
        { teamId: evesWorkspace },
        { status: 401, names: evesWorkspace },
      ),
      ...onEveryRoute('agent in another workspace', grace, { teamId: evesWorkspace }, { status: 401 }),
      ...onEveryRoute('a NUL date', ada, { from: `2026-11${NUL}-01` }, { names: 'from' }),
      ...onEveryRoute('a 10 KB team id', ada, { teamId: 'x'.repeat(10_000) }, { names: 'teamId' }),
      ...onEveryRoute('a 10 KB time zone', ada, { timeZone: 'Europe/'.repeat(1_500) }, { names: 'timeZone' }),
      ...onEveryRoute(
        'a NUL time zone',
        ada,
        { timeZone: `Europe/Ber${NUL}lin` },
        { names: REPORT_MESSAGES.timeZone },
      ),
      ...onEveryRoute('an unknown cohort', ada, { cohort: 'everyone' }, { names: 'cohort' }),
      ...onEveryRoute('ten years', ada, { from: '2016-01-01' }, { names: REPORT_MESSAGES.range }),
      {
        what: 'a team id nested as deep as the query parser goes',
        request: () =>
          send(
            server.url,
            'GET',
            `/v1/reports/summary?from=${today}&to=${today}&teamId${'[a]'.repeat(1000)}=1`,
            { as: ada },
          ),
        names: 'teamId',
      },
      {
        what: 'a slice of 10 KB',
        request: () => report(ada, '/v1/reports/tickets', { slice: 's'.repeat(10_000) }),
        names: 'slice',
      },
    ])
    // A query of 10 MB never reaches a route: the HTTP parser refuses its header (431).
    const tooLong = await fetch(`${server.url}/v1/reports/summary?teamId=${'x'.repeat(10 * 1024 * 1024)}`)
    expect(tooLong.status).toBe(431)
    // A NUL slice names no slice: its CSV is the heading alone, as for any slice that lists nothing.
    const nulSlice = await fetch(
      `${server.url}/v1/reports/tickets.csv?teamId=${workspace}&from=${today}&to=${today}&slice=%00`,
      { headers: { 'x-appwrite-project': 'parsedesk', 'x-appwrite-session': sessionOf(ada) } },
    )
    expect([nulSlice.status, (await nulSlice.text()).trim().split('\r\n').length]).toEqual([200, 1])
    // A slice's key is a value, never SQL: a NUL in it, a quote or a statement lists nothing.
    for (const slice of [
      'category:\u0000',
      "category:none' or '1'='1",
      'sla:first-reply:met:group:x); drop table tickets; --',
    ])
      expect(await report(ada, '/v1/reports/tickets', { slice })).toMatchObject({
        status: 200,
        body: { slice, total: 0, tickets: [] },
      })
    // Another workspace's group as a filter reads none of its tickets: the report stays in Ada's workspace.
    const filtered = await report(ada, '/v1/reports/summary', { groupId: evesGroup })
    expect([
      filtered.status,
      (filtered.body as { headline?: { tickets: number } }).headline?.tickets,
    ]).toEqual([200, 0])
    const own = await report(ada, '/v1/reports/summary', {})
    expect([own.status, (own.body as { headline?: { tickets: number } }).headline?.tickets]).toEqual([200, 1])
  })
})
