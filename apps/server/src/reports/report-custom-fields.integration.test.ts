import { CollectionId, DATABASE_ID, type TCustomFieldCreate, type TReportDrill } from '@parsedesk/contracts'
import { type Client, ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { generateReportWorkspace } from './report-workspace.test-kit'

const period = { from: '2026-10-01', to: '2026-10-07', timeZone: 'UTC' }
const FIELDS: TCustomFieldCreate[] = [
  { key: 'order_number', label: 'Order number', type: 'text' },
  { key: 'amount', label: 'Amount, EUR', type: 'number' },
  { key: 'due', label: 'Due date', type: 'date', dateFormat: 'YYYY-MM-DD' },
]

const get = <T>(client: Client, path: string, params: Record<string, string>) =>
  client.call('get', new URL(`${client.config.endpoint}${path}`), {}, params) as Promise<T>

/** RFC 4180: cells part at commas outside quotes, a doubled quote inside them is one. */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = []
      let cell = ''
      let quoted = false
      for (let i = 0; i < line.length; i++) {
        const char = line.charAt(i)
        if (quoted && char === '"' && line.charAt(i + 1) === '"') {
          cell += '"'
          i++
        } else if (char === '"') quoted = !quoted
        else if (char === ',' && !quoted) {
          cells.push(cell)
          cell = ''
        } else cell += char
      }
      return [...cells, cell]
    })
}

describe.each(DATABASE_KINDS)('the reports’ CSV with custom fields on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let teamId: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ada = await signUpUser(server.url, 'Ada Owner')
    teamId = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    for (const field of FIELDS) {
      await ada.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.customFields,
        documentId: ID.unique(),
        data: { ...field, teamId },
      })
    }
    await generateReportWorkspace(server.db, {
      ...{ teamId, ownerId: ada.userId, agentIds: [ada.userId], groupIds: [] },
      ...{ tickets: 40, days: 7, start: Date.parse('2026-10-01T00:00:00Z') },
    })
    // Values as extraction or a member leaves them: some tickets have all, some one, most none.
    await server.db.query(
      `update tickets set "customFields" = case
         when "number" % 3 = 0 then jsonb_build_object('order_number', '=SUM(A' || "number" || ')', 'amount', "number" * 10.5, 'due', '2026-11-0' || ("number" % 9 + 1))
         when "number" % 3 = 1 then jsonb_build_object('amount', "number")
         else '{}'::jsonb end
       where "teamId" = $1`,
      [teamId],
    )
  })
  afterAll(() => server?.stop())

  it('has a column per custom field, headed by its label, holding what the drill-down shows', async () => {
    const drill = await get<TReportDrill>(ada.client, '/reports/tickets', { teamId, ...period, slice: 'all' })
    const response = await fetch(
      `${server.url}/v1/reports/tickets.csv?${new URLSearchParams({ teamId, ...period, slice: 'all' })}`,
      { headers: { 'x-appwrite-project': 'parsedesk', 'x-appwrite-session': ada.client.config.session } },
    )
    const [header = [], ...rows] = parseCsv(await response.text())
    // The workspace's fields by label, after the ticket's own columns.
    expect(header.slice(-3)).toEqual(['Amount, EUR', 'Due date', 'Order number'])
    expect(rows).toHaveLength(drill.total)
    expect(drill.tickets.some((ticket) => Object.keys(ticket.customFields).length === 3)).toBe(true)

    const byNumber = new Map(drill.tickets.map((ticket) => [String(ticket.number), ticket]))
    const numberAt = header.indexOf('number')
    for (const row of rows) {
      const ticket = byNumber.get(row[numberAt] ?? '')
      const values = ticket?.customFields ?? {}
      const expected = [values.amount, values.due, values.order_number].map((value) =>
        value === undefined || value === null ? '' : String(value),
      )
      // A spreadsheet never runs a value as a formula.
      if (typeof values.order_number === 'string') expected[2] = `'${values.order_number}`
      expect(row.slice(-3)).toEqual(expected)
    }
  })
})
