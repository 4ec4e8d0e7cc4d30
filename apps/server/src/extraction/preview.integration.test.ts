import {
  CollectionId,
  DATABASE_ID,
  TemplateMessages,
  type TTemplateDraft,
  type TTemplatePreviewResponse,
  type TTicketAttributes,
  ZTemplateDraft,
} from '@parsedesk/contracts'
import { type Client, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, deliverMails, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TTicket = Models.Document & TTicketAttributes

function preview(client: Client, body: Record<string, unknown>): Promise<TTemplatePreviewResponse> {
  const url = new URL(`${client.config.endpoint}/templates/preview`)
  return client.call('post', url, { 'content-type': 'application/json' }, body)
}

/** A shop's order confirmation; `layout: 'new'` is the shop's redesign, its label renamed. */
function orderMail(order: string, layout: 'old' | 'new' = 'old') {
  const label = layout === 'old' ? 'Order number:' : 'Your reference:'
  return [
    'From: Shop <orders@shop.example>',
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: Order ${order} confirmed`,
    `Message-ID: <${order}-${layout}@shop.example>`,
    'X-Order-Id: header-value',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thank you for your order.',
    '',
    `${label} ${order}`,
    'Total: EUR 1.234,50',
    '',
  ].join('\r\n')
}

const DRAFT: TTemplateDraft = ZTemplateDraft.parse({
  name: 'Shop orders',
  match: { sender: { mode: 'contains', value: '@shop.example' } },
  fields: [
    {
      name: 'Order number',
      type: 'text',
      required: true,
      locator: { kind: 'between', before: 'Order number:' },
    },
    { name: 'Total', type: 'number', locator: { kind: 'regex', pattern: 'Total:\\s*(.+)' } },
  ],
  testEmails: [
    {
      name: 'Old layout',
      mail: { from: 'orders@shop.example', body: 'Order number: A-1\nTotal: EUR 12,00' },
      expected: { 'Order number': 'A-1', Total: 12 },
    },
    {
      name: 'New layout',
      mail: { from: 'orders@shop.example', body: 'Your reference: A-2\nTotal: EUR 12,00' },
      expected: { 'Order number': 'A-2', Total: 12 },
    },
  ],
})

describe.each(DATABASE_KINDS)('template preview on %s', (database) => {
  let server: TTestServer
  // Ada owns a workspace, Grace is its agent; Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let evesTicket: string

  const deliver = async (user: TSdkUser, raws: string[]) => {
    const mailbox = await readMailbox(user)
    for (const raw of raws) await sendRaw({ port: server.smtpPort ?? 0, to: mailbox.address, raw })
    const ids = await deliverMails(server, mailbox.address, [])
    await createTestProcessor(server).processInboundBatch(
      ids.map((inboundId) => ({ inboundId, isLastAttempt: false })),
    )
  }

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ;[ada, grace, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Lovelace'),
      signUpUser(server.url, 'Grace Hopper'),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
    await deliver(ada, [orderMail('A-100'), orderMail('A-101', 'new')])
    await deliverMails(server, (await readMailbox(ada)).address, [
      { subject: 'Where is my parcel?', messageId: 'parcel@customer.example' },
    ])
    await deliver(ada, [])
    await deliver(eve, [orderMail('E-1')])
    const eves = await eve.databases.listDocuments<TTicket>({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
    })
    evesTicket = eves.documents[0]?.$id ?? ''
  })
  afterAll(() => server?.stop())

  it('runs a draft over a sample, the recent mail and its test emails, for owners', async () => {
    const result = await preview(ada.client, {
      teamId: workspace,
      template: DRAFT,
      sample: { kind: 'mail', mail: { from: 'orders@shop.example', body: 'Order number: S-9\nTotal: $3' } },
    })
    expect(result.sample?.fields.map((field) => field.value)).toEqual(['S-9', 3])
    const bySubject = Object.fromEntries(result.recent.map((row) => [row.subject, row]))
    expect(Object.keys(bySubject).sort()).toEqual([
      'Order A-100 confirmed',
      'Order A-101 confirmed',
      'Where is my parcel?',
    ])
    expect(bySubject['Order A-100 confirmed']?.passed).toBe(true)
    expect(bySubject['Order A-100 confirmed']?.fields.map((field) => field.value)).toEqual(['A-100', 1234.5])
    // The redesigned mail still comes from the shop, and misses its required order number.
    expect(bySubject['Order A-101 confirmed']).toMatchObject({ matched: true, passed: false })
    expect(bySubject['Order A-101 confirmed']?.fields[0]?.error).toBe(TemplateMessages.required)
    expect(bySubject['Where is my parcel?']?.matched).toBe(false)
    expect(result.recentMatchRate).toBeCloseTo(2 / 3)
    expect(result.regression).toEqual([
      { name: 'Old layout', passed: true, mismatches: [] },
      {
        name: 'New layout',
        passed: false,
        mismatches: [`Order number: expected "A-2", read nothing (${TemplateMessages.required})`],
      },
    ])
  })

  it('reads a stored email of the workspace as the sample, and no other workspace’s', async () => {
    const tickets = await ada.databases.listDocuments<TTicket>({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      queries: [Query.equal('subject', 'Order A-100 confirmed')],
    })
    const ticketId = tickets.documents[0]?.$id ?? ''
    const header = ZTemplateDraft.parse({
      ...DRAFT,
      fields: [{ name: 'Order id', type: 'text', locator: { kind: 'header', name: 'X-Order-Id' } }],
      testEmails: [],
    })
    const own = await preview(ada.client, {
      teamId: workspace,
      template: header,
      sample: { kind: 'message', messageId: ticketId },
      recent: false,
    })
    expect(own.sample?.fields[0]).toMatchObject({ value: 'header-value', source: { kind: 'header' } })
    expect(own.recent).toEqual([])
    const foreign = await rejection(
      preview(ada.client, {
        teamId: workspace,
        template: header,
        sample: { kind: 'message', messageId: evesTicket },
      }),
    )
    expect([foreign.code, foreign.message]).toEqual([404, TemplateMessages.sampleNotFound])
  })

  it('refuses members, other workspaces, guests and patterns RE2 cannot run', async () => {
    const byAgent = await rejection(preview(grace.client, { teamId: workspace, template: DRAFT }))
    expect([byAgent.code, byAgent.message]).toEqual([401, TemplateMessages.managersOnly])
    const byStranger = await rejection(preview(eve.client, { teamId: workspace, template: DRAFT }))
    expect([byStranger.code, byStranger.message]).toEqual([401, TemplateMessages.managersOnly])
    const guest = await fetch(`${server.url}/v1/templates/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ teamId: workspace, template: DRAFT }),
    })
    expect(guest.status).toBe(401)
    const backReference = await rejection(
      preview(ada.client, {
        teamId: workspace,
        template: { ...DRAFT, match: { content: { mode: 'regex', value: '(a)\\1' } } },
      }),
    )
    expect([backReference.code, backReference.message]).toEqual([
      400,
      expect.stringContaining('invalid escape'),
    ])
  })
})
