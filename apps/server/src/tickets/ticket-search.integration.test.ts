import { CollectionId, DATABASE_ID, ErrorType, type TTicketAttributes } from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TQueryable } from '../db/database'
import { listDocuments } from '../documents/document-repository'
import { compileQueries, parseQueryStrings } from '../documents/queries'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { createTicketsCollection } from './tickets-collection'

type TTicketDocument = Models.Document & TTicketAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

/** What a request sends: the SDK types `data` as the whole document, and these send only some of it. */
const sent = (data: Record<string, unknown>) => data as never

describe.each(DATABASE_KINDS)('searching and listing tickets on %s', (database) => {
  let server: TTestServer
  let olive: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
    olive = await signUpUser(server.url, 'Olive Owner')
    eve = await signUpUser(server.url, 'Eve Outsider')
    workspace = (await new Teams(olive.client).list()).teams[0]?.$id ?? ''
  })
  afterAll(() => server?.stop())

  const file = (user: TSdkUser, subject: string, body: string) =>
    user.databases.createDocument<TTicketDocument>({
      ...TICKETS,
      documentId: ID.unique(),
      data: sent({ email: 'customer@example.com', subject, body }),
    })

  const search = async (user: TSdkUser, words: string, ...queries: string[]) =>
    (
      await user.databases.listDocuments<TTicketDocument>({
        ...TICKETS,
        queries: [Query.search('text', words), ...queries],
      })
    ).documents.map((ticket) => ticket.subject)

  /** A customer's later mail on the ticket, as ingest stores it (the search follows every message). */
  async function addMessage(ticket: TTicketDocument, body: string) {
    await server.db.query(
      `insert into messages (id, permissions, read_roles, "ticketId", "userId", "teamId", "direction", "from",
         "subject", "body")
       values ($1, $2, $3, $4, $5, $6, 'inbound', 'customer@example.com', $7, $8)`,
      [
        ID.unique(),
        [`read("team:${ticket.teamId}")`],
        [`team:${ticket.teamId}`],
        ticket.$id,
        ticket.userId,
        ticket.teamId,
        `Re: ${ticket.subject}`,
        body,
      ],
    )
  }

  it('finds a ticket by words of its subject, its first mail or any message, in any language, by prefix', async () => {
    await file(olive, 'Rechnungen doppelt', 'Bitte prüfen Sie die Abbuchung.')
    const login = await file(olive, 'Login fails', 'I cannot sign in since the update.')
    await file(olive, 'Facture erronée', 'Le montant facturé est faux.')
    await file(eve, 'Rechnungen falsch', 'Eve’s own workspace has invoices too.')
    await addMessage(login, 'Also, the password reset mail never arrives.')

    expect(await search(olive, 'rechnung')).toEqual(['Rechnungen doppelt'])
    expect(await search(olive, 'ABBUCHUNG')).toEqual(['Rechnungen doppelt'])
    expect(await search(olive, 'FACTURÉ')).toEqual(['Facture erronée'])
    expect(await search(olive, 'password reset')).toEqual(['Login fails'])
    expect(await search(olive, 'sign upd')).toEqual(['Login fails'])
    // Every word must be there.
    expect(await search(olive, 'password invoice')).toEqual([])
    expect(await search(eve, 'rechnung')).toEqual(['Rechnungen falsch'])
  })

  it('finds what agents type: the requester’s address and name, a hyphenated reference, its digits, the number', async () => {
    const charged = await olive.databases.createDocument<TTicketDocument>({
      ...TICKETS,
      documentId: ID.unique(),
      data: sent({
        email: 'carol.finch@shop.example',
        subject: 'Charged twice',
        body: 'The invoice INV-2041 was taken from my card twice.',
      }),
    })
    await file(olive, 'Another matter', 'Nothing to see here.')
    const subjects = async (words: string) => search(olive, words, Query.equal('$id', charged.$id))

    expect(await subjects('carol.finch@shop.example')).toEqual(['Charged twice'])
    expect(await subjects('shop.example')).toEqual(['Charged twice'])
    expect(await subjects('carol.fin')).toEqual(['Charged twice'])
    expect(await subjects('INV-2041')).toEqual(['Charged twice'])
    expect(await subjects('inv-20')).toEqual(['Charged twice'])
    expect(await subjects('2041')).toEqual(['Charged twice'])
    expect(await subjects(String(charged.number))).toEqual(['Charged twice'])

    // The requester's name is the contact's: named after the ticket came in, it is found by it.
    await olive.databases.updateDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.contacts,
      documentId: charged.requesterId as string,
      data: sent({ name: 'Carol Finch', organisation: 'Finch Hardware' }),
    })
    expect(await subjects('carol finch')).toEqual(['Charged twice'])
    expect(await subjects('finch hardware')).toEqual(['Charged twice'])
    expect(await search(eve, 'carol finch')).toEqual([])

    // What an agent may paste stays a search: a NUL, a very long word, many hyphens and digits, operators.
    for (const words of ['INV\u0000-2041', `${'9'.repeat(5_000)}-1`, 'a-'.repeat(2_000), '2041 & !(|<->)']) {
      const answer = await olive.databases
        .listDocuments({ ...TICKETS, queries: [Query.search('text', words)] })
        .then(
          () => 200,
          (error: { code: number }) => error.code,
        )
      expect(answer === 200 || (answer >= 400 && answer < 500), `${words.slice(0, 20)}: ${answer}`).toBe(true)
    }

    // What the analysis found (an LLM may read a reference the text spells out) is searched as well.
    await server.db.query(
      `update tickets set analysis = jsonb_build_object('entities', jsonb_build_object('orderNumbers', jsonb_build_array('ORD-77310')))
       where id = $1`,
      [charged.$id],
    )
    expect(await subjects('ORD-77310')).toEqual(['Charged twice'])
  })

  it('reads a search’s operators and quotes as plain text, and refuses one without a word', async () => {
    expect(await search(olive, "o'brien & (login) | !fails:*")).toEqual([])
    expect(await search(olive, 'login!')).toEqual(['Login fails'])
    expect((await rejection(search(olive, ' !!! :* '))).type).toBe(ErrorType.generalQueryInvalid)
    const equal = olive.databases.listDocuments({ ...TICKETS, queries: [Query.equal('text', 'login')] })
    expect((await rejection(equal)).type).toBe(ErrorType.generalQueryInvalid)
  })

  it('filters tags by the tag, not by a part of one', async () => {
    const both = await file(olive, 'Tagged billing', 'x')
    const other = await file(olive, 'Tagged billing-old', 'x')
    await olive.databases.updateDocument({
      ...TICKETS,
      documentId: both.$id,
      data: { tags: ['Billing', 'vip'] },
    })
    await olive.databases.updateDocument({
      ...TICKETS,
      documentId: other.$id,
      data: { tags: ['billing-old'] },
    })
    const { documents } = await olive.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.contains('tags', ['billing'])],
    })
    expect(documents.map((t) => t.subject)).toEqual(['Tagged billing'])
  })

  /** Tickets filed in one statement share their creation time to the microsecond: only `seq` orders them. */
  async function seedSameSecond(count: number, tag: string): Promise<void> {
    const { rows } = await server.db.query<{ userId: string }>('select "userId" from tickets limit 1')
    await server.db.query(
      `insert into tickets (id, permissions, read_roles, email, subject, body, status, priority, "userId",
         "teamId", processing_status, tags, "assigneeId")
       select 'same-' || g, $1, $2, 'c@example.com', 'Same second ' || g, 'x', 'open',
         (array[null, 'low', 'medium', 'high'])[g % 4 + 1], $3, $4, 'completed', $5::jsonb,
         case when g % 3 = 0 then $3 end
       from generate_series(1, $6::int) g`,
      [
        [`read("team:${workspace}")`],
        [`team:${workspace}`],
        rows[0]?.userId,
        workspace,
        JSON.stringify([tag]),
        count,
      ],
    )
  }

  async function pageThrough(filter: string, order: string): Promise<TTicketDocument[]> {
    const all: TTicketDocument[] = []
    for (;;) {
      const last = all.at(-1)
      const { documents } = await olive.databases.listDocuments<TTicketDocument>({
        ...TICKETS,
        queries: [filter, order, Query.limit(25), ...(last ? [Query.cursorAfter(last.$id)] : [])],
      })
      if (documents.length === 0) return all
      all.push(...documents)
    }
  }

  it('pages by cursor through tickets of one instant, by time, by priority and by a field with nulls', async () => {
    await seedSameSecond(130, 'same-second')
    const filter = Query.contains('tags', ['same-second'])
    for (const order of [
      Query.orderDesc('$createdAt'),
      Query.orderAsc('$createdAt'),
      Query.orderDesc('priority'),
      Query.orderAsc('assigneeId'),
      Query.orderDesc('assigneeId'),
    ]) {
      const ids = (await pageThrough(filter, order)).map((t) => t.$id)
      expect(ids, order).toHaveLength(130)
      expect(new Set(ids).size, order).toBe(130)
    }
    const byPriority = (await pageThrough(filter, Query.orderDesc('priority'))).map((t) => t.priority)
    const rank = (p: string | null) => ['high', 'medium', 'low', null].indexOf(p)
    expect(byPriority.map(rank)).toEqual([...byPriority.map(rank)].sort((a, b) => a - b))
  })

  /** The statements a member's list runs, as the server compiles them (the cursor's lookup runs for real). */
  async function pageStatement(queries: string[]): Promise<{ sql: string; params: readonly unknown[] }> {
    const statements: { sql: string; params: readonly unknown[] }[] = []
    const recorder: TQueryable = {
      query: async (sql, params) => {
        statements.push({ sql, params: params ?? [] })
        return server.db.query(sql, params)
      },
    }
    const tickets = createTicketsCollection({})
    const compiled = compileQueries(parseQueryStrings(queries), tickets.attributes, tickets.fullText)
    await listDocuments(recorder, tickets, compiled, { roles: [`team:${workspace}`] })
    // The page's own statement, not its weighing (which reads the page as a subquery to sum its sizes).
    const page = statements.find((s) => / order by /.test(s.sql) && !s.sql.includes(' as documents,'))
    if (!page) throw new Error('no page statement')
    return page
  }

  async function plan(queries: string[]): Promise<string> {
    const page = await pageStatement(queries)
    const { rows } = await server.db.query<{ 'QUERY PLAN': string }>(`explain ${page.sql}`, page.params)
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  }

  it.runIf(database === 'postgres')(
    'serves search, views and deep cursor pages from indexes at size',
    async () => {
      // Written as a restore would, with numbers and vectors filled in by hand: a workspace counter bumped
      // 30,000 times in one transaction is a chain of row versions each bump walks.
      await server.db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica')
        await tx.query(
          `insert into tickets (id, permissions, read_roles, email, subject, body, status, priority, "userId",
             "teamId", processing_status, "assigneeId", created_at, "number", scoped_seq)
           select 'bulk-' || g, $1, $2, 'c' || g || '@example.com', 'Question ' || g,
             case when g % 5000 = 0 then 'The zebra printer jams' else 'Cannot export report ' || g % 97 end,
             (array['open', 'pending', 'closed', 'closed', 'in-progress'])[g % 5 + 1],
             (array[null, 'low', 'medium', 'high'])[g % 4 + 1], $3, $4, 'completed',
             case when g % 7 = 0 then $3 end, now() - g * interval '1 minute', 100000 + g, 100000 + g
           from generate_series(1, 30000) g`,
          [[`read("team:${workspace}")`], [`team:${workspace}`], olive.userId, workspace],
        )
        await tx.query(
          `insert into ticket_search (ticket_id, document)
           select id, ticket_search_text(subject, body) from tickets where id like 'bulk-%'`,
        )
      })
      await server.db.query('vacuum analyze tickets')
      await server.db.query('vacuum analyze ticket_search')
      const team = JSON.stringify({ method: 'equal', attribute: 'teamId', values: [workspace] })
      const q = (query: unknown) => JSON.stringify(query)
      const newest = q({ method: 'orderDesc', attribute: '$createdAt' })
      const limit = q({ method: 'limit', values: [25] })

      expect(
        await plan([team, q({ method: 'search', attribute: 'text', values: ['zebra'] }), newest, limit]),
      ).toContain('ticket_search_document_idx')
      expect(
        await plan([team, q({ method: 'equal', attribute: 'status', values: ['pending'] }), newest, limit]),
      ).toContain('tickets_team_status_idx')
      expect(
        await plan([
          team,
          q({ method: 'isNull', attribute: 'assigneeId' }),
          q({ method: 'orderDesc', attribute: '$updatedAt' }),
          limit,
        ]),
      ).toMatch(/tickets_team_(assignee|updated)_idx/)
      // A page 20,000 tickets deep starts its index scan at the cursor instead of reading up to it.
      const deep = await plan([team, newest, limit, q({ method: 'cursorAfter', values: ['bulk-20000'] })])
      // (With one workspace holding every ticket, the index over all workspaces serves as well.)
      expect(deep).toMatch(/Index Scan using tickets_(team_)?created_idx/)
      expect(deep).toMatch(/Index Cond: .*ROW\(created_at, seq\) </)
    },
    60_000,
  )
})
