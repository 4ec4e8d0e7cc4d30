import {
  CollectionId,
  DATABASE_ID,
  type TCustomFieldAttributes,
  type TCustomFieldCreate,
  TemplateMessages,
  type TTemplateAttributes,
  type TTemplateCreate,
  type TTicketAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN } from '../mail/mail.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TTicket = Models.Document & TTicketAttributes
type TField = Models.Document & TCustomFieldAttributes
type TTemplate = Models.Document & TTemplateAttributes

const FIELDS = { databaseId: DATABASE_ID, collectionId: CollectionId.customFields }
const TEMPLATES = { databaseId: DATABASE_ID, collectionId: CollectionId.templates }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const RULES = { databaseId: DATABASE_ID, collectionId: CollectionId.rules }

/** A vendor's order confirmation, as its shop sends it. */
function orderMail(options: { subject: string; messageId: string; body: string[] }): string {
  return [
    'From: Shop Orders <orders@shop.example>',
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...options.body,
    '',
  ].join('\r\n')
}

const SHOP_TEMPLATE: TTemplateCreate = {
  name: 'Shop orders',
  match: { sender: { mode: 'contains', value: 'orders@shop.example' }, subject: null, content: null },
  fields: [
    {
      name: 'Order number',
      type: 'text',
      locator: { kind: 'between', before: 'Order number:', after: null },
      required: true,
      target: { kind: 'customField', key: 'order_number' },
    },
    {
      name: 'Total',
      type: 'number',
      locator: { kind: 'tableRow', label: 'Total', column: 1 },
      target: { kind: 'customField', key: 'amount' },
    },
    {
      name: 'Shipping',
      type: 'choice',
      options: [
        { value: 'high', synonyms: ['Express'] },
        { value: 'low', synonyms: ['Standard'] },
      ],
      locator: { kind: 'between', before: 'Shipping:', after: null },
      target: { kind: 'priority' },
    },
  ],
}

describe.each(DATABASE_KINDS)('templates and custom fields on %s', (database) => {
  let server: TTestServer
  // Ada owns the workspace, Grace is its agent.
  let ada: TSdkUser
  let grace: TSdkUser
  let mailbox: string
  let workspace: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ;[ada, grace] = await Promise.all([
      signUpUser(server.url, 'Ada Lovelace'),
      signUpUser(server.url, 'Grace Hopper'),
    ])
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    await joinByInvitation({
      serverUrl: server.url,
      owner: ada,
      member: grace,
      teamId: workspace,
      roles: ['agent'],
    })
    mailbox = (await readMailbox(ada)).address
  })
  afterAll(() => server?.stop())

  const createField = async (user: TSdkUser, data: TCustomFieldCreate) =>
    (await user.databases.createDocument({ ...FIELDS, documentId: ID.unique(), data })) as unknown as TField
  const createTemplate = async (user: TSdkUser, data: TTemplateCreate) =>
    (await user.databases.createDocument({
      ...TEMPLATES,
      documentId: ID.unique(),
      data,
    })) as unknown as TTemplate
  /** Mails sent over SMTP and decided in one ingest batch, then their tickets by subject. */
  const ingest = async (mails: string[]) => {
    for (const raw of mails) {
      expect((await sendRaw({ port: server.smtpPort ?? 0, to: mailbox, raw })).accepted).toBe(true)
    }
    const { rows } = await server.db.query<{ id: string }>(
      `select i.id from inbound_emails i join mailboxes m on m.id = i."mailboxId"
       where m.address = $1 and i."status" = 'received' order by i.seq`,
      [mailbox],
    )
    await createTestProcessor(server).processInboundBatch(
      rows.map(({ id }) => ({ inboundId: id, isLastAttempt: false })),
    )
  }
  const ticketBySubject = async (subject: string) => {
    const { documents } = await grace.databases.listDocuments<TTicket>({
      ...TICKETS,
      queries: [Query.equal('subject', subject)],
    })
    const ticket = documents[0]
    if (!ticket) throw new Error(`no ticket "${subject}"`)
    return ticket
  }

  it('lets owners and admins declare custom fields and templates that members read, and refuses the rest', async () => {
    const refused = await rejection(
      createField(grace, { teamId: workspace, key: 'order_number', label: 'Order', type: 'text' }),
    )
    expect([refused.code, refused.message]).toEqual([401, TemplateMessages.managersOnly])
    await createField(ada, { key: 'order_number', label: 'Order number', type: 'text' })
    await createField(ada, { key: 'amount', label: 'Amount', type: 'number' })
    const taken = await rejection(createField(ada, { key: 'amount', label: 'Again', type: 'number' }))
    expect([taken.code, taken.message]).toEqual([409, TemplateMessages.fieldKeyTaken])

    const byAgent = await rejection(createTemplate(grace, { ...SHOP_TEMPLATE, teamId: workspace }))
    expect([byAgent.code, byAgent.message]).toEqual([401, TemplateMessages.managersOnly])
    const template = await createTemplate(ada, SHOP_TEMPLATE)
    const read = await grace.databases.getDocument<TTemplate>({
      ...TEMPLATES,
      documentId: template.$id,
    })
    expect(read.fields.map((field) => field.name)).toEqual(['Order number', 'Total', 'Shipping'])
    expect(read.health.flagged).toBe(false)
    const health = await rejection(
      ada.databases.updateDocument({
        ...TEMPLATES,
        documentId: template.$id,
        data: { health: read.health } as object,
      }),
    )
    expect(health.code).toBe(400)
    const fields = await grace.databases.listDocuments({
      ...FIELDS,
      queries: [Query.equal('teamId', workspace)],
    })
    expect(fields.total).toBe(2)
  })

  it('refuses at save a pattern RE2 cannot run, with its reason, and a field of another type than its custom field', async () => {
    const lookBehind = await rejection(
      createTemplate(ada, {
        name: 'Look behind',
        fields: [
          { name: 'Ref', type: 'text', locator: { kind: 'regex', pattern: '(?<=Ref )\\d+', group: 0 } },
        ],
      }),
    )
    expect(lookBehind.code).toBe(400)
    expect(lookBehind.message).toContain('This pattern cannot be used: ')
    expect(lookBehind.message).toContain('(?<')
    const mismatch = await rejection(
      createTemplate(ada, {
        name: 'Wrong type',
        fields: [
          {
            name: 'Order',
            type: 'number',
            locator: { kind: 'between', before: 'Order:', after: null },
            target: { kind: 'customField', key: 'order_number' },
          },
        ],
      }),
    )
    expect(mismatch.code).toBe(400)
    expect(mismatch.message).toContain(TemplateMessages.customFieldTypeMismatch('order_number', 'text'))
  })

  it('turns each mail of a batch into a ticket: read by its template with the values and their source, flagged when none matched or a required field is missing', async () => {
    // A rule reads what the template extracted: the templates run before the rules.
    await ada.databases.createDocument({
      ...RULES,
      documentId: ID.unique(),
      data: {
        name: 'Big orders',
        kind: 'on-create',
        conditions: {
          type: 'group',
          match: 'all',
          conditions: [
            {
              type: 'condition',
              field: 'ticket.custom-field',
              key: 'amount',
              operator: 'greater-than',
              value: 100,
            },
          ],
        },
        actions: [{ type: 'add-tags', tags: ['big-order'] }],
      },
    })
    await ingest([
      orderMail({
        subject: 'Your order A-1042',
        messageId: 'order-1042@shop.example',
        body: [
          'Thank you!',
          'Order number: A-1042',
          'Shipping: Express',
          '',
          'Item    | Qty',
          'Total   | 1,249.50',
        ],
      }),
      orderMail({
        subject: 'Your order without its number',
        messageId: 'order-none@shop.example',
        body: ['Thank you!', 'Shipping: Standard'],
      }),
      [
        'From: Customer <ada@customer.example>',
        `To: support@${TEST_INBOUND_DOMAIN}`,
        'Subject: My printer is broken',
        'Message-ID: <printer@customer.example>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'It prints nothing.',
        '',
      ].join('\r\n'),
    ])

    const order = await ticketBySubject('Your order A-1042')
    expect(order.customFields).toEqual({ order_number: 'A-1042', amount: 1249.5 })
    expect(order.priority).toBe('high')
    expect(order.tags).toContain('big-order')
    expect(order.extraction?.status).toBe('extracted')
    expect(order.extraction?.templateName).toBe('Shop orders')
    const number = order.extraction?.fields.find((field) => field.name === 'Order number')
    expect(number?.value).toBe('A-1042')
    expect(number?.source).toMatchObject({ kind: 'text', in: 'body', line: 2 })

    // A view or a search filters by a custom field's value.
    const byValue = async (queries: string[]) =>
      (await grace.databases.listDocuments<TTicket>({ ...TICKETS, queries })).documents.map((t) => t.subject)
    expect(await byValue([Query.equal('customFields.order_number', ['A-1042'])])).toEqual([
      'Your order A-1042',
    ])
    expect(await byValue([Query.equal('customFields.amount', [1249.5, 3])])).toEqual(['Your order A-1042'])
    expect(await byValue([Query.equal('customFields.order_number', ['A-9999'])])).toEqual([])
    expect(await byValue([Query.greaterThan('customFields.amount', 100)])).toEqual(['Your order A-1042'])
    const pattern = await rejection(byValue([Query.startsWith('customFields.order_number', 'A-')]))
    expect(pattern.code).toBe(400)

    const missing = await ticketBySubject('Your order without its number')
    expect(missing.extraction?.status).toBe('failed')
    expect(missing.extraction?.fields.find((field) => field.name === 'Order number')?.error).toBe(
      TemplateMessages.required,
    )
    expect(missing.customFields).toEqual({})

    const stranger = await ticketBySubject('My printer is broken')
    expect(stranger.extraction).toMatchObject({ status: 'noTemplate', templateId: null, fields: [] })
    expect(stranger.customFields).toEqual({})
  })

  it('lets a member set a ticket’s custom values, each checked against its field', async () => {
    const ticket = await ticketBySubject('My printer is broken')
    const update = (customFields: Record<string, string | number | null>) =>
      grace.databases.updateDocument<TTicket>({ ...TICKETS, documentId: ticket.$id, data: { customFields } })
    const wrongKind = await rejection(update({ amount: 'a lot' }))
    expect(wrongKind.code).toBe(400)
    expect(wrongKind.message).toContain(
      `Attribute "customFields.amount": ${TemplateMessages.customFieldValue('amount')}`,
    )
    const unknown = await rejection(update({ colour: 'red' }))
    expect(unknown.message).toContain(TemplateMessages.unknownCustomField('colour'))
    expect((await update({ amount: 12, order_number: 'B-7' })).customFields).toEqual({
      amount: 12,
      order_number: 'B-7',
    })
    // What the template read is the server's: a client sending it back changes nothing.
    const sentBack = await grace.databases.updateDocument<TTicket>({
      ...TICKETS,
      documentId: ticket.$id,
      data: { extraction: { status: 'extracted', templateId: null, templateName: null, fields: [] } },
    })
    expect(sentBack.extraction?.status).toBe('noTemplate')
  })
  it('runs the template as it was last saved on the next mail, whoever changed it', async () => {
    const shop = (
      await ada.databases.listDocuments<TTemplate>({
        ...TEMPLATES,
        queries: [Query.equal('name', 'Shop orders')],
      })
    ).documents[0]
    if (!shop) throw new Error('no Shop orders template')
    const shipped = (subject: string, shipping: string) =>
      orderMail({
        subject,
        messageId: `${subject.replaceAll(' ', '-')}@shop.example`,
        body: ['Order number: A-2001', `Shipping: ${shipping}`],
      })
    // The step has read this workspace's templates for a mail already (the test before), and does again.
    await ingest([shipped('Before the edit', 'Overnight')])
    const before = await ticketBySubject('Before the edit')
    expect(before.extraction?.fields.find((field) => field.name === 'Shipping')?.error).not.toBeNull()

    await ada.databases.updateDocument({
      ...TEMPLATES,
      documentId: shop.$id,
      data: {
        fields: shop.fields.map((field) =>
          field.name === 'Shipping'
            ? {
                ...field,
                options: [{ value: 'high', synonyms: ['Express', 'Overnight'] }, ...field.options.slice(1)],
              }
            : field,
        ),
      },
    })
    await ingest([shipped('After the edit', 'Overnight')])
    const after = await ticketBySubject('After the edit')
    expect(after.priority).toBe('high')
    expect(after.extraction?.fields.find((field) => field.name === 'Shipping')?.value).toBe('high')

    // Written straight to the table, as by another process, with no event to this one and updated_at kept.
    await server.db.query('update templates set name = $1 where id = $2', ['Shop orders, renamed', shop.$id])
    await ingest([shipped('After the rename', 'Express')])
    expect((await ticketBySubject('After the rename')).extraction?.templateName).toBe('Shop orders, renamed')

    await server.db.query('update templates set enabled = false where id = $1', [shop.$id])
    await ingest([shipped('After disabling', 'Express')])
    expect((await ticketBySubject('After disabling')).extraction).toBeNull()
    await server.db.query('update templates set enabled = true, name = $1 where id = $2', [
      'Shop orders',
      shop.$id,
    ])
  })
})
