import {
  CategoryMessages,
  CollectionId,
  DATABASE_ID,
  DEFAULT_TICKET_CATEGORIES,
  type TTicketAttributes,
  type TTicketCategory,
  type TWorkspaceCategories,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

type TTicketDocument = Models.Document & TTicketAttributes
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

function call<T>(
  client: Client,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  )
}

describe.each(DATABASE_KINDS)("a workspace's own categories, on %s", (database) => {
  let server: TTestServer
  // Ada owns a workspace, Grace is an agent in it, Eve owns another.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let evesWorkspace: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    grace = await signUpUser(server.url, 'Grace Hopper')
    eve = await signUpUser(server.url, 'Eve Elsewhere')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    evesWorkspace = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
  })
  afterAll(() => server?.stop())

  async function fileAnalysed(user: TSdkUser, subject: string, body: string): Promise<TTicketDocument> {
    const created = await user.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: { email: 'customer@example.com', subject, body },
    })
    return waitForValue(
      async () => {
        const ticket = await user.databases.getDocument<TTicketDocument>({
          ...TICKETS,
          documentId: created.$id,
        })
        return ticket.processing_status === 'completed' ? ticket : undefined
      },
      { what: `the analysis of "${subject}"` },
    )
  }

  it('starts with the default list, which every member reads and only owners and admins change', async () => {
    const read = await call<TWorkspaceCategories>(grace.client, 'get', `/teams/${workspace}/categories`)
    expect(read).toEqual({ categories: DEFAULT_TICKET_CATEGORIES, isDefault: true })
    const refused = await rejection(
      call(grace.client, 'put', `/teams/${workspace}/categories`, { categories: DEFAULT_TICKET_CATEGORIES }),
    )
    expect(refused).toMatchObject({ code: 401, message: CategoryMessages.notManager })
    expect(await rejection(call(eve.client, 'get', `/teams/${workspace}/categories`))).toMatchObject({
      code: 404,
    })
    const withoutOther = DEFAULT_TICKET_CATEGORIES.filter((category) => category.key !== 'other')
    expect(
      await rejection(
        call(ada.client, 'put', `/teams/${workspace}/categories`, { categories: withoutOther }),
      ),
    ).toMatchObject({ code: 400, message: expect.stringContaining('must keep the categories "other"') })
  })

  it('renames, adds and removes: new tickets are filed under the new list, a removed one’s go to other', async () => {
    const praise = await fileAnalysed(
      ada,
      'Thank you',
      'Just wanted to say your support team was wonderful, great service!',
    )
    expect(praise.category).toBe('feedback')

    const categories: TTicketCategory[] = [
      ...DEFAULT_TICKET_CATEGORIES.filter((category) => category.key !== 'feedback').map((category) =>
        category.key === 'billing-payment' ? { ...category, name: 'Payments' } : category,
      ),
      { key: 'partner-requests', name: 'Partner requests', description: 'Resellers, agencies and fairs.' },
    ]
    const saved = await call<TWorkspaceCategories>(ada.client, 'put', `/teams/${workspace}/categories`, {
      categories,
    })
    expect(saved).toEqual({ categories, isDefault: false })
    expect(await call(grace.client, 'get', `/teams/${workspace}/categories`)).toEqual(saved)

    // The removed category's ticket is under "other" now, logged as Ada's change.
    const moved = await grace.databases.getDocument<TTicketDocument>({ ...TICKETS, documentId: praise.$id })
    expect(moved.category).toBe('other')

    const billing = await fileAnalysed(
      ada,
      'Invoice charged twice',
      'I was charged twice for my invoice this month, please refund one payment.',
    )
    expect(billing.category).toBe('billing-payment')
    expect(billing.description).toContain('Category: Payments (')
    const partner = await fileAnalysed(
      ada,
      'Partner requests',
      'Two partner requests came in at the trade fair in Lyon.',
    )
    expect(partner.category).toBe('partner-requests')
    expect(partner.description).toContain(
      'Category: Partner requests (the ticket has the words of its name ("partner", "requests")).',
    )
    const praiseAgain = await fileAnalysed(
      ada,
      'Thanks again',
      'Just wanted to say your support team was wonderful, great service!',
    )
    expect(praiseAgain.category).toBe('other')

    // Eve's workspace keeps the default list and files under it.
    expect(await call(eve.client, 'get', `/teams/${evesWorkspace}/categories`)).toEqual({
      categories: DEFAULT_TICKET_CATEGORIES,
      isDefault: true,
    })
    const evesPraise = await fileAnalysed(
      eve,
      'Thank you',
      'Just wanted to say your support team was wonderful, great service!',
    )
    expect(evesPraise.category).toBe('feedback')
  })
})
