import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  CollectionId,
  categoryNameOf,
  DATABASE_ID,
  DEFAULT_TICKET_CATEGORIES,
  readTicketAnalysis,
  type TTicketAttributes,
  type TTicketCategory,
  ZTicketAnalysisRecord,
} from '@parsedesk/contracts'
import { type Client, ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

type TTicketDocument = Models.Document & TTicketAttributes
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

// A local stand-in for the LLM's chat-completions API (a paid remote service): it answers by what the
// ticket says, and refuses (401, never retried) what it has no answer for, so the local model analyses it.
const LLM_ANSWERS: { when: string; category: string; confidence: number }[] = [
  { when: 'resell your product', category: 'partner-requests', confidence: 0.8 },
  { when: 'my refund', category: 'refund-cancellation', confidence: 0.9 },
  { when: 'secret plan', category: 'Hacking', confidence: 0.7 },
]
const llmPrompts: { system: string; user: string; categoryKeys: string[] }[] = []

function startLlmDouble(): Promise<Server> {
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(raw) as {
        messages: { role: string; content: string }[]
        response_format: { json_schema: { schema: { properties: { category: { enum: string[] } } } } }
      }
      const system = body.messages.find((message) => message.role === 'system')?.content ?? ''
      const user = body.messages.find((message) => message.role === 'user')?.content ?? ''
      llmPrompts.push({
        system,
        user,
        categoryKeys: body.response_format.json_schema.schema.properties.category.enum,
      })
      const answer = LLM_ANSWERS.find((candidate) => user.includes(candidate.when))
      res.writeHead(answer ? 200 : 401, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify(
          answer
            ? {
                choices: [
                  {
                    message: {
                      role: 'assistant',
                      content: JSON.stringify({
                        category: answer.category,
                        priority: 'medium',
                        confidence: answer.confidence,
                        summary: 'The customer writes about their request.',
                        priorityReasons: ['mentions a deadline'],
                        sentiment: 'neutral',
                        language: 'English',
                        nextStep: 'Reply to the customer today.',
                      }),
                    },
                  },
                ],
              }
            : { error: { message: 'no key' } },
        ),
      )
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

function call<T>(client: Client, method: string, path: string, params: Record<string, unknown>): Promise<T> {
  return client.call(
    method,
    new URL(`${client.config.endpoint}${path}`),
    { 'content-type': 'application/json' },
    params,
  )
}

describe.each(DATABASE_KINDS)('the analysis as a ticket field, on %s', (database) => {
  let llm: Server
  let server: TTestServer
  let ada: TSdkUser
  let workspace: string

  beforeAll(async () => {
    llmPrompts.length = 0
    llm = await startLlmDouble()
    const { port } = llm.address() as AddressInfo
    server = await startTestServer({
      database,
      // The stand-in's refusals are on purpose: the warning each one logs would only be noise here.
      env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'test-model', LOG_LEVEL: 'error' },
    })
    ada = await signUpUser(server.url, 'Ada Lovelace')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
  })
  afterAll(async () => {
    await server?.stop()
    llm?.closeAllConnections()
    await new Promise((resolve) => llm?.close(resolve))
  })

  async function fileAnalysed(subject: string, body: string): Promise<TTicketDocument> {
    const created = await ada.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: { email: 'customer@example.com', subject, body },
    })
    return waitForValue(
      async () => {
        const ticket = await ada.databases.getDocument<TTicketDocument>({
          ...TICKETS,
          documentId: created.$id,
        })
        return ticket.processing_status === 'completed' ? ticket : undefined
      },
      { what: `the analysis of "${subject}"` },
    )
  }

  it('stores the local analysis as data beside its lines, and the panel reads it from the field', async () => {
    // Refused by the LLM stand-in: the local model analyses it.
    const ticket = await fileAnalysed(
      'Charged twice for invoice INV-2024-001',
      'Hello, you charged my card twice for invoice INV-2024-001 (49.90 EUR). Please refund one of them today.',
    )
    const analysis = ZTicketAnalysisRecord.parse(ticket.analysis)
    expect(analysis).toMatchObject({
      source: 'local',
      category: ticket.category,
      priority: ticket.priority,
      spamReason: null,
      entities: { invoiceNumbers: ['INV-2024-001'], amounts: [{ value: '49.90', currency: 'EUR' }] },
    })
    expect(analysis.categoryReason).toMatch(/^\d+% confident$/)

    // What the panel reads (readTicketAnalysis) comes from the field, and says what the description's
    // lines say, the category by its key where they name it; only the field says what wrote it.
    const fromField = readTicketAnalysis(ticket)
    expect(fromField?.from).toBe('field')
    expect(fromField?.madeBy).toBe('Local model')
    const fromLines = readTicketAnalysis({ description: ticket.description })
    expect({
      ...fromField,
      from: 'text',
      category: categoryNameOf(DEFAULT_TICKET_CATEGORIES, fromField?.category ?? ''),
      madeBy: null,
    }).toEqual(fromLines)

    // A list without a selection weighs every row, the field's size included, and carries it.
    const listed = await ada.databases.listDocuments<TTicketDocument>({
      ...TICKETS,
      queries: [Query.equal('$id', ticket.$id)],
    })
    expect(listed.documents[0]?.analysis).toEqual(ticket.analysis)
  })

  it('says why spam is spam in the field, and never sends it to the LLM', async () => {
    const ticket = await fileAnalysed(
      'Exclusive offer: 70% off SEO packages',
      'Get to the first page of Google! Act now, this offer ends soon.\n\nYou are receiving this email because you signed up on our partner site. Click here to unsubscribe.',
    )
    expect(ticket.category).toBe('spam-marketing')
    expect(ticket.analysis).toMatchObject({
      source: 'local',
      spamReason: expect.stringContaining('You are receiving this email'),
      priority: 'low',
    })
    expect(readTicketAnalysis(ticket)?.spamReason).toBe(ticket.analysis?.spamReason)
    expect(llmPrompts.some((prompt) => prompt.user.includes('SEO packages'))).toBe(false)
  })

  it("keeps the analysis's field whatever a member sends for it, and the rest of their change goes through", async () => {
    const ticket = await fileAnalysed(
      'Where is my parcel?',
      'My parcel for order 552211 has not arrived yet.',
    )
    const forged = { ...ticket.analysis, summary: 'Forged', priority: 'high' }
    const forgedTicket: Record<string, unknown> = {
      email: 'customer@example.com',
      subject: 'Forged',
      body: 'Forged',
      analysis: forged,
    }
    const created = await ada.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: forgedTicket,
    })
    expect(created.analysis).toBeNull()

    // A client that read the ticket, changed a field and sends the whole document back.
    const whole = Object.fromEntries(Object.entries(ticket).filter(([name]) => !name.startsWith('$')))
    const saved = await ada.databases.updateDocument<TTicketDocument>({
      ...TICKETS,
      documentId: ticket.$id,
      data: { ...whole, status: 'pending' },
    })
    expect(saved).toMatchObject({ status: 'pending', analysis: ticket.analysis })
    for (const analysis of [forged, null]) {
      const data: Record<string, unknown> = { analysis, tags: ['parcel'] }
      await ada.databases.updateDocument({ ...TICKETS, documentId: ticket.$id, data })
    }
    const after = await ada.databases.getDocument<TTicketDocument>({ ...TICKETS, documentId: ticket.$id })
    expect(after).toMatchObject({ status: 'pending', tags: ['parcel'] })
    expect(after.analysis).toEqual(ticket.analysis)
  })

  it("offers the LLM the workspace's categories and files under its renamed and added ones", async () => {
    const categories: TTicketCategory[] = [
      ...DEFAULT_TICKET_CATEGORIES.map((category) =>
        category.key === 'refund-cancellation' ? { ...category, name: 'Money back' } : category,
      ),
      {
        key: 'partner-requests',
        name: 'Partner requests',
        description: 'Resellers, agencies and trade fairs.',
      },
    ]
    await call(ada.client, 'put', `/teams/${workspace}/categories`, { categories })

    const partner = await fileAnalysed(
      'Met you at the fair',
      'We met at the trade fair in Lyon and would like to resell your product in France.',
    )
    expect(partner.category).toBe('partner-requests')
    expect(partner.description).toContain('Category: Partner requests (80% confident).')
    expect(partner.analysis).toMatchObject({ source: 'llm', category: 'partner-requests' })
    const prompt = llmPrompts.find((candidate) => candidate.user.includes('resell your product'))
    expect(prompt?.system).toContain(
      '- partner-requests (Partner requests): Resellers, agencies and trade fairs.',
    )
    expect(prompt?.system).toContain('- refund-cancellation (Money back): ')
    expect(prompt?.categoryKeys).toEqual(categories.map((category) => category.key))

    const refund = await fileAnalysed('Refund', 'I am still waiting for my refund of order 778899.')
    expect(refund.category).toBe('refund-cancellation')
    expect(refund.description).toContain('Category: Money back (90% confident).')

    // An answer outside the list is no failure: the ticket needs triage, said plainly.
    const unknown = await fileAnalysed('A question', 'Please tell me about your secret plan.')
    expect(unknown.category).toBe('other')
    expect(unknown.analysis).toMatchObject({
      source: 'llm',
      category: 'other',
      categoryReason:
        'needs triage (the LLM answered "Hacking", which is none of this workspace\'s categories)',
    })
  })
})
