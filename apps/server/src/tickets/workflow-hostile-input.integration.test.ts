import {
  CollectionId,
  DATABASE_ID,
  DEFAULT_TICKET_CATEGORIES,
  PRESENCE_COLLECTION_ID,
} from '@parsedesk/contracts'
import { type AppwriteException, type Client, ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const VIEWS = { databaseId: DATABASE_ID, collectionId: CollectionId.views }
const PRESENCE = { databaseId: DATABASE_ID, collectionId: PRESENCE_COLLECTION_ID }

const TEN_MB = 'x'.repeat(10 * 1024 * 1024)
/** An object nested 200 levels deep, past every depth limit. */
const DEEP = Array.from({ length: 200 }).reduce<unknown>((inner) => ({ inner }), 'bottom')

function call(client: Client, method: string, path: string, params: Record<string, unknown> = {}) {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  )
}

/** A refusal a user can act on: a 4xx with words, never a 500 or a dropped connection. */
function expectClearRefusal(error: AppwriteException) {
  expect(error.code, error.message).toBeGreaterThanOrEqual(400)
  expect(error.code, error.message).toBeLessThan(500)
  expect(error.message.length).toBeGreaterThan(0)
}

describe.each(DATABASE_KINDS)('the agent workflow refuses hostile input, on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let evesWorkspace: string
  let ticketId: string
  let evesTicketId: string

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    eve = await signUpUser(server.url, 'Eve Elsewhere')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    evesWorkspace = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
    const file = (user: TSdkUser, teamId: string) =>
      user.databases.createDocument({
        ...TICKETS,
        documentId: ID.unique(),
        data: { email: 'carol@customer.example', subject: 'Invoice', body: 'Wrong amount', teamId },
      })
    ticketId = (await file(ada, workspace)).$id
    evesTicketId = (await file(eve, evesWorkspace)).$id
  })
  afterAll(() => server?.stop())

  it('answers NUL, 10 MB, deep nesting and another workspace’s ids with clear 4xx, and loses nothing', async () => {
    const view = (data: Record<string, unknown>) =>
      ada.databases.createDocument({ ...VIEWS, documentId: ID.unique(), data })
    const presence = (data: Record<string, unknown>) =>
      ada.databases.createDocument({ ...PRESENCE, documentId: ID.unique(), data })
    const categories = (teamId: string, body: Record<string, unknown>) =>
      call(ada.client, 'put', `/teams/${teamId}/categories`, body)
    const spam = (id: string, body: Record<string, unknown>) =>
      call(ada.client, 'post', `/tickets/${id}/spam`, body)
    const merge = (mergedIntoId: unknown) =>
      ada.databases.updateDocument({ ...TICKETS, documentId: ticketId, data: { mergedIntoId } })
    const renamed = (name: string) =>
      DEFAULT_TICKET_CATEGORIES.map((category, i) => (i === 0 ? { ...category, name } : category))

    const attempts: [string, () => Promise<unknown>][] = [
      ['view of 10 MB', () => view({ teamId: workspace, name: TEN_MB, filters: {}, shared: false })],
      [
        'view with deep filters',
        () => view({ teamId: workspace, name: 'Deep', filters: DEEP, shared: false }),
      ],
      [
        'view in another workspace',
        () => view({ teamId: evesWorkspace, name: 'Theirs', filters: {}, shared: true }),
      ],
      [
        'presence on another workspace’s ticket',
        () => presence({ ticketId: evesTicketId, state: 'viewing' }),
      ],
      ['presence in a NUL state', () => presence({ ticketId, state: 'view\u0000ing' })],
      ['presence nested deep', () => presence({ ticketId, state: DEEP })],
      ['category renamed with NUL', () => categories(workspace, { categories: renamed('Bill\u0000ing') })],
      ['categories of 10 MB', () => categories(workspace, { categories: renamed(TEN_MB) })],
      ['categories nested deep', () => categories(workspace, { categories: DEEP })],
      [
        'another workspace’s categories',
        () => categories(evesWorkspace, { categories: renamed('Mine now') }),
      ],
      ['spam blocking a NUL scope', () => spam(ticketId, { block: 'dom\u0000ain' })],
      ['spam nested deep', () => spam(ticketId, { block: DEEP })],
      ['spam on another workspace’s ticket', () => spam(evesTicketId, { block: 'none' })],
      ['merge into another workspace’s ticket', () => merge(evesTicketId)],
      ['merge into a NUL id', () => merge('\u0000')],
      ['merge into a 10 MB id', () => merge(TEN_MB)],
      [
        'view by a 10 MB mailbox',
        () => view({ teamId: workspace, name: 'Big', filters: { mailbox: TEN_MB }, shared: false }),
      ],
      [
        'view by a mailbox nested deep',
        () => view({ teamId: workspace, name: 'Deep', filters: { mailbox: DEEP }, shared: false }),
      ],
      ['another workspace’s mailboxes', () => call(ada.client, 'get', `/teams/${evesWorkspace}/mailboxes`)],
      ['mailboxes of a NUL workspace', () => call(ada.client, 'get', '/teams/%00/mailboxes')],
      [
        'mailboxes of a 10 KB workspace id',
        () => call(ada.client, 'get', `/teams/${'x'.repeat(10_000)}/mailboxes`),
      ],
    ]
    for (const [what, attempt] of attempts) {
      const refused = await rejection(attempt()).catch((error: Error) => {
        throw new Error(`${what}: ${error.message}`)
      })
      expect.soft(refused.code, what).not.toBe(500)
      expectClearRefusal(refused)
    }

    // A NUL in a view's name is text Postgres cannot keep: the name is saved without it, as every name is.
    const cleaned = (await view({
      teamId: workspace,
      name: 'Mine\u0000',
      filters: {},
      shared: false,
    })) as unknown as {
      name: string
    }
    expect(cleaned.name).toBe('Mine')
    // So is a NUL in the mailbox a view filters by: it names no mailbox, and lists nothing.
    const byNul = (await view({
      teamId: workspace,
      name: 'By NUL',
      filters: { mailbox: 'mail\u0000box' },
      shared: false,
    })) as unknown as { filters: { mailbox: string } }
    expect(byNul.filters.mailbox).toBe('mailbox')

    // The server is up, and what was there is as it was.
    const ticket = await ada.databases.getDocument({ ...TICKETS, documentId: ticketId })
    expect(ticket).toMatchObject({ status: 'open', mergedIntoId: null, subject: 'Invoice' })
    const theirs = await eve.databases.getDocument({ ...TICKETS, documentId: evesTicketId })
    expect(theirs).toMatchObject({ status: 'open', mergedIntoId: null })
    const kept = (await call(ada.client, 'get', `/teams/${workspace}/categories`)) as {
      categories: { name: string }[]
    }
    expect(kept.categories.map((category) => category.name)).toEqual(
      DEFAULT_TICKET_CATEGORIES.map((category) => category.name),
    )
  })
})
