import {
  CollectionId,
  DATABASE_ID,
  DEFAULT_TICKET_CATEGORIES,
  type TPriorityModelStatus,
  type TTicketAttributes,
  type TWorkspaceModelStatus,
  WorkspaceModelMessages,
  WorkspaceModelState,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { createWorkspaceModelService } from './workspace-model-service'

type TTicketDocument = Models.Document & TTicketAttributes
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const NEW_CATEGORY = {
  key: 'reseller-program',
  name: 'Reseller program',
  description: 'Distributors and shops.',
}

function call<T>(client: Client, method: string, path: string, params: Record<string, unknown> = {}) {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  ) as Promise<T>
}

// Mail a team files under a category it added, which the shipped model never learnt: shops and
// distributors asking to sell the product. Written for this test from phrases, none naming the category.
const REGIONS = ['Benelux', 'Scandinavia', 'northern Italy', 'Quebec', 'the Baltics', 'Andalusia', 'Bavaria']
const ASKS = [
  'we distribute electronics in {region} and would like to sell your devices to our customers',
  'our agency wants to offer your software under our own brand to clients in {region}',
  'we are a wholesale distributor and look for volume discounts to stock your devices in {region}',
  'could we become the authorised distributor for {region}?',
  'we run a chain of shops in {region} and want to carry your product line',
  'is there a white-label option for agencies in {region} that bundle your tool with their services?',
  'we would like to discuss a distribution agreement covering {region}',
  'what margins do you give retailers in {region} who stock your products?',
]
const DETAILS = [
  'We already carry similar brands.',
  'Our sales people visit every shop in the region.',
  'Please send us your terms and the minimum order volume.',
  'Who should we talk to about a contract?',
  'We could start with the next season.',
]
const SUBJECTS = [
  'Selling in {region}',
  'Wholesale enquiry',
  'Stocking your products',
  'Becoming a distributor',
]

function resellerMail(n: number) {
  const region = REGIONS[n % REGIONS.length] as string
  const fill = (text: string) => text.replace('{region}', region)
  return {
    subject: fill(SUBJECTS[n % SUBJECTS.length] as string),
    body: `Hello,\n\n${fill(ASKS[n % ASKS.length] as string)}. ${DETAILS[n % DETAILS.length]}\n\nKind regards`,
  }
}

// Everyday support mail the shipped model files by itself; the team closes it as filed.
const SUPPORT = [
  {
    subject: 'Charged twice',
    body: 'I was charged twice for my invoice this month, please refund one payment.',
  },
  { subject: 'App crashes', body: 'The app crashes every time I upload a file bigger than 10 MB.' },
  {
    subject: 'Cannot log in',
    body: 'The password reset email never arrives and I cannot log in to my account.',
  },
  {
    subject: 'Parcel missing',
    body: 'My order has not arrived after two weeks and the tracking number shows nothing.',
  },
  { subject: 'Cancel subscription', body: 'Please cancel my subscription and refund the last month.' },
]

// Mail a team's agents rank low that the priority rules rank medium: copies of invoices for the books.
const INVOICE_SUBJECTS = [
  'Invoice copy',
  'Copy of invoice {no}',
  'Duplicate invoice',
  'Invoice for our records',
]
const INVOICE_ASKS = [
  'could you send me a copy of invoice {no} for our accounting',
  'our bookkeeper needs a duplicate of invoice {no}',
  'I cannot find invoice {no} in my mails, may I have it again',
  'please resend the PDF of invoice {no}, our auditor asks for it',
]

function invoiceCopyMail(n: number) {
  const fill = (text: string) => text.replace('{no}', `INV-${4100 + n}`)
  return {
    subject: fill(INVOICE_SUBJECTS[n % INVOICE_SUBJECTS.length] as string),
    body: `Hello,\n\n${fill(INVOICE_ASKS[n % INVOICE_ASKS.length] as string)}. ${DETAILS[n % DETAILS.length]}\n\nThanks`,
  }
}

describe.each(DATABASE_KINDS)("the workspace's models learn from its members, on %s", (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    grace = await signUpUser(server.url, 'Grace Hopper')
    eve = await signUpUser(server.url, 'Eve Elsewhere')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
  })
  afterAll(() => server?.stop())

  const file = (user: TSdkUser, mail: { subject: string; body: string }) =>
    user.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: { email: 'customer@example.com', ...mail },
    })

  async function analysed(ticketId: string, reader: TSdkUser = grace): Promise<TTicketDocument> {
    return waitForValue(
      async () => {
        const ticket = await reader.databases.getDocument<TTicketDocument>({
          ...TICKETS,
          documentId: ticketId,
        })
        return ticket.processing_status === 'completed' ? ticket : undefined
      },
      { what: `the analysis of ticket ${ticketId}` },
    )
  }

  const status = (user: TSdkUser) =>
    call<TWorkspaceModelStatus>(user.client, 'get', `/teams/${workspace}/category-model`)
  const priorityStatus = (user: TSdkUser, teamId = workspace) =>
    call<TPriorityModelStatus>(user.client, 'get', `/teams/${teamId}/priority-model`)

  async function allAnalysed(user: TSdkUser, count: number) {
    await waitForValue(
      async () => {
        const waiting = await user.databases.listDocuments({
          ...TICKETS,
          queries: [Query.notEqual('processing_status', 'completed'), Query.limit(1)],
        })
        return waiting.total === 0 ? true : undefined
      },
      { what: `${count} analyses`, timeoutMs: 120_000 },
    )
  }

  it('after agents file 200 tickets under a new category and rank them low, new mail of that kind goes there at low, said so; the shipped model and rules stay the fall-back', async () => {
    await call(ada.client, 'put', `/teams/${workspace}/categories`, {
      categories: [...DEFAULT_TICKET_CATEGORIES, NEW_CATEGORY],
    })
    // Before any training the shipped model files such mail elsewhere.
    const before = await analysed((await file(ada, resellerMail(1000))).$id)
    expect(before.category).not.toBe(NEW_CATEGORY.key)
    expect(before.priority).toBe('medium')

    // 200 reseller mails, corrected by an agent (category, and priority: sales enquiries wait), among 100
    // support mails closed as the analysis filed and ranked them.
    const resellers: string[] = []
    const support: string[] = []
    for (let n = 0; n < 300; n += 1) {
      if (n % 3 === 2) support.push((await file(ada, SUPPORT[n % SUPPORT.length] as never)).$id)
      else resellers.push((await file(ada, resellerMail(n))).$id)
    }
    await allAnalysed(ada, 300)
    for (const documentId of resellers) {
      await grace.databases.updateDocument({
        ...TICKETS,
        documentId,
        data: { category: NEW_CATEGORY.key, priority: 'low' },
      })
    }
    for (const documentId of support) {
      await grace.databases.updateDocument({ ...TICKETS, documentId, data: { status: 'closed' } })
    }

    expect(await status(grace)).toMatchObject({
      state: WorkspaceModelState.learning,
      corrections: 200,
      trained: null,
    })
    expect(await priorityStatus(grace)).toMatchObject({
      state: WorkspaceModelState.learning,
      corrections: 200,
      trained: null,
    })
    // An agent may read the model's figures but not retrain it; a stranger may do neither.
    expect(
      await rejection(call(grace.client, 'post', `/teams/${workspace}/category-model/training`)),
    ).toMatchObject({ code: 401, message: WorkspaceModelMessages.managersOnly })
    expect(await rejection(status(eve))).toMatchObject({ code: 401 })
    expect(await rejection(priorityStatus(eve))).toMatchObject({ code: 401 })

    await call(ada.client, 'post', `/teams/${workspace}/category-model/training`)
    const trained = await waitForValue(
      async () => {
        const read = await status(grace)
        const priority = await priorityStatus(grace)
        return read.trained && priority.trained && !read.training ? read : undefined
      },
      { what: 'the trained model', timeoutMs: 120_000 },
    )
    expect(trained.state).toBe(WorkspaceModelState.inUse)
    expect(trained.trained?.categories).toContain(NEW_CATEGORY.key)
    expect(trained.trained?.heldOut).toBeGreaterThanOrEqual(50)
    expect(trained.trained?.shippedAccuracy).toBeLessThan(0.5)
    expect(trained.trained?.workspaceAccuracy).toBeGreaterThan(0.9)
    // One training taught both models; the priority rules were right on the support third only.
    const priority = await priorityStatus(grace)
    expect(priority.state).toBe(WorkspaceModelState.inUse)
    expect(priority.trained?.priorities).toContain('low')
    expect(priority.trained?.shippedAccuracy).toBeLessThan(0.5)
    expect(priority.trained?.workspaceAccuracy).toBeGreaterThan(0.9)

    // Mail of a kind it learnt, in words it never saw together, goes to the new category.
    const fresh = await analysed(
      (
        await file(ada, {
          subject: 'Distribution in Portugal',
          body: 'Hi,\n\nwe are a distributor of office equipment in Portugal and would like to stock and sell your devices in our shops. What are your terms for wholesale orders?\n\nThanks',
        })
      ).$id,
    )
    expect(fresh.category).toBe(NEW_CATEGORY.key)
    expect(fresh.description).toContain(
      `Category: Reseller program (${WorkspaceModelMessages.learnt(0).split(',')[0]}`,
    )
    expect(fresh.priority).toBe('low')
    expect(fresh.analysis?.priorityReasons).toEqual([
      expect.stringContaining(WorkspaceModelMessages.learntPriority('low', 0).split(' (')[0] as string),
    ])
    expect(fresh.description).toContain('Priority: low, because the ticket:')
    // Mail of the kinds it did not change keeps the shipped model's category and the rules' priority.
    const billing = await analysed((await file(ada, SUPPORT[0] as never)).$id)
    expect(billing.category).toBe('billing-payment')
    expect(billing.priority).toBe('medium')
    expect(billing.analysis?.priorityReasons).toEqual([expect.stringContaining('Charged twice')])
  }, 300_000)

  it('is trained again by the ten-minute scan only once members made 20 more corrections', async () => {
    const learning = createWorkspaceModelService({ db: server.db, log: () => {} })
    const first = (await status(grace)).trained?.at
    const firstPriority = (await priorityStatus(grace)).trained?.at
    expect(first).toBeDefined()
    await learning.trainDue()
    expect((await status(grace)).trained?.at).toBe(first)

    const more: string[] = []
    for (let n = 0; n < 20; n += 1) more.push((await file(ada, resellerMail(2000 + n))).$id)
    for (const documentId of more) {
      await analysed(documentId)
      await grace.databases.updateDocument({ ...TICKETS, documentId, data: { category: 'other' } })
    }
    expect(await status(grace)).toMatchObject({ correctionsSinceTraining: 20 })
    await learning.trainDue()
    expect(await status(grace)).toMatchObject({ correctionsSinceTraining: 0 })
    expect((await status(grace)).trained?.at).not.toBe(first)
    // No member set a priority since: the priority model was not trained again.
    expect(await priorityStatus(grace)).toMatchObject({ correctionsSinceTraining: 0 })
    expect((await priorityStatus(grace)).trained?.at).toBe(firstPriority)
  }, 120_000)

  it('keeps the priority rules where the workspace model would be worse on the newest tickets', async () => {
    // Eve's own workspace ranked invoice copies low for a while, then went back to the rules' medium.
    const own = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
    const older: string[] = []
    const support: string[] = []
    for (let n = 0; n < 50; n += 1) {
      if (n % 5 < 2) support.push((await file(eve, SUPPORT[n % SUPPORT.length] as never)).$id)
      else older.push((await file(eve, invoiceCopyMail(n))).$id)
    }
    await allAnalysed(eve, 50)
    const newer: string[] = []
    for (let n = 50; n < 65; n += 1) newer.push((await file(eve, invoiceCopyMail(n))).$id)
    await allAnalysed(eve, 15)
    for (const documentId of older) {
      await eve.databases.updateDocument({ ...TICKETS, documentId, data: { priority: 'low' } })
    }
    for (const documentId of [...support, ...newer]) {
      await eve.databases.updateDocument({ ...TICKETS, documentId, data: { status: 'closed' } })
    }

    await call(eve.client, 'post', `/teams/${own}/priority-model/training`)
    const trained = await waitForValue(
      async () => {
        const read = await priorityStatus(eve, own)
        return read.trained && !read.training ? read : undefined
      },
      { what: 'the trained priority model', timeoutMs: 60_000 },
    )
    expect(trained.state).toBe(WorkspaceModelState.notBetter)
    expect(trained.trained?.shippedAccuracy).toBe(1)
    expect(trained.trained?.workspaceAccuracy).toBeLessThan(0.5)

    const ranked = await analysed((await file(eve, invoiceCopyMail(99))).$id, eve)
    expect(ranked.priority).toBe('medium')
    expect(ranked.description).not.toContain(WorkspaceModelMessages.learntPriority('low', 0).split(' (')[0])
  }, 120_000)
})
