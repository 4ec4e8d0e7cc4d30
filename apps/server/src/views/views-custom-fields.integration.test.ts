import {
  CollectionId,
  DATABASE_ID,
  type TCustomFieldCreate,
  TemplateMessages,
  type TViewAttributes,
  type TViewCustomFieldFilter,
  ViewFieldMessages,
} from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TViewDocument = Models.Document & TViewAttributes
type TAnyDocument = Models.Document & Record<string, unknown>

const VIEWS = { databaseId: DATABASE_ID, collectionId: CollectionId.views }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const FIELDS = { databaseId: DATABASE_ID, collectionId: CollectionId.customFields }

const CUSTOM_FIELDS: TCustomFieldCreate[] = [
  { key: 'order_number', label: 'Order number', type: 'text' },
  { key: 'amount', label: 'Amount', type: 'number' },
  { key: 'due', label: 'Due date', type: 'date', dateFormat: 'D MMMM YYYY' },
  {
    key: 'plan',
    label: 'Plan',
    type: 'choice',
    options: [{ value: 'basic' }, { value: 'pro', synonyms: ['professional'] }],
  },
]

describe.each(DATABASE_KINDS)('views by custom field on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ada = await signUpUser(server.url, 'Ada Lovelace')
    workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
    for (const field of CUSTOM_FIELDS) {
      await ada.databases.createDocument({
        ...FIELDS,
        documentId: ID.unique(),
        data: { ...field, teamId: workspace },
      })
    }
    const file = async (subject: string, customFields: Record<string, string | number>) => {
      const ticket = await ada.databases.createDocument<TAnyDocument>({
        ...TICKETS,
        documentId: ID.unique(),
        data: { email: 'buyer@example.com', subject, body: 'Where is my order?', teamId: workspace },
      })
      await ada.databases.updateDocument({ ...TICKETS, documentId: ticket.$id, data: { customFields } })
    }
    await file('Small basic order', {
      order_number: 'ZX-1001',
      amount: 9.5,
      due: '2026-03-03',
      plan: 'basic',
    })
    await file('Large pro order', { order_number: 'ZX-1002', amount: 1249.9, due: '2026-05-05', plan: 'pro' })
    await file('Pro order, no amount', { order_number: 'ZX-1003', due: '2026-12-24', plan: 'pro' })
  })
  afterAll(() => server?.stop())

  const saveView = async (customFields: unknown) =>
    (await ada.databases.createDocument<TAnyDocument>({
      ...VIEWS,
      documentId: ID.unique(),
      data: { teamId: workspace, name: 'By field', shared: false, filters: { customFields } },
    })) as unknown as TViewDocument

  /** The subjects a list of the workspace's tickets gives, oldest first. */
  const subjects = async (queries: string[]) =>
    (
      await ada.databases.listDocuments<TAnyDocument>({
        ...TICKETS,
        queries: [Query.equal('teamId', workspace), ...queries, Query.orderAsc('$createdAt')],
      })
    ).documents.map((ticket) => ticket.subject)

  it('saves a view of a choice, a number range and a date range, and lists exactly their tickets', async () => {
    const filters: TViewCustomFieldFilter[] = [
      { key: 'plan', op: 'equals', values: ['pro'] },
      { key: 'amount', op: 'range', from: 100, to: 5000 },
      { key: 'due', op: 'range', from: '2026-04-01' },
    ]
    const view = await saveView(filters)
    expect(view.filters.customFields).toEqual(filters)
    const stored = await ada.databases.getDocument<TViewDocument>({ ...VIEWS, documentId: view.$id })
    expect(stored.filters.customFields).toEqual(filters)

    // The documents API's queries for each filter, as the list asks them.
    expect(await subjects([Query.equal('customFields.plan', ['pro'])])).toEqual([
      'Large pro order',
      'Pro order, no amount',
    ])
    expect(await subjects([Query.between('customFields.amount', 100, 5000)])).toEqual(['Large pro order'])
    expect(await subjects([Query.lessThanEqual('customFields.amount', 9.5)])).toEqual(['Small basic order'])
    expect(await subjects([Query.greaterThanEqual('customFields.due', '2026-04-01')])).toEqual([
      'Large pro order',
      'Pro order, no amount',
    ])
    expect(
      await subjects([
        Query.equal('customFields.plan', ['pro']),
        Query.between('customFields.amount', 100, 5000),
        Query.greaterThanEqual('customFields.due', '2026-04-01'),
      ]),
    ).toEqual(['Large pro order'])
    // Days compare as days, not as numbers; a range compares only values of its kind.
    expect(await subjects([Query.lessThan('customFields.due', '2026-05-05')])).toEqual(['Small basic order'])
    expect(await subjects([Query.greaterThan('customFields.order_number', 0)])).toEqual([])
    const word = await rejection(subjects([Query.greaterThan('customFields.amount', 'lots')]))
    expect(word.code).toBe(400)
  })

  it('refuses a view whose filter names no field of the workspace, or a value its field cannot hold', async () => {
    const refusal = async (customFields: unknown) => {
      const error = await rejection(saveView(customFields))
      expect(error.code).toBe(400)
      return error.message
    }
    expect(await refusal([{ key: 'colour', op: 'equals', values: ['red'] }])).toContain(
      TemplateMessages.unknownCustomField('colour'),
    )
    expect(await refusal([{ key: 'plan', op: 'equals', values: ['gold'] }])).toContain(
      TemplateMessages.customFieldValue('plan'),
    )
    expect(await refusal([{ key: 'order_number', op: 'range', from: 1 }])).toContain(
      ViewFieldMessages.rangeType('order_number'),
    )
    expect(await refusal([{ key: 'amount', op: 'range', from: '2026-01-01' }])).toContain(
      ViewFieldMessages.boundType('amount', 'number'),
    )
    expect(await refusal([{ key: 'due', op: 'range', from: '2026-02-30' }])).toContain(
      ViewFieldMessages.boundType('due', 'date'),
    )
    expect(await refusal([{ key: 'amount', op: 'range', from: 10, to: 1 }])).toContain(
      ViewFieldMessages.rangeOrder,
    )
    expect(await refusal([{ key: 'amount', op: 'range' }])).toContain(ViewFieldMessages.rangeNeedsBound)
    // An update is checked as a create is.
    const view = await saveView([{ key: 'plan', op: 'equals', values: ['basic'] }])
    const update = await rejection(
      ada.databases.updateDocument<TAnyDocument>({
        ...VIEWS,
        documentId: view.$id,
        data: { filters: { customFields: [{ key: 'colour', op: 'equals', values: ['red'] }] } },
      }),
    )
    expect(update.code).toBe(400)
    expect(update.message).toContain(TemplateMessages.unknownCustomField('colour'))
  })

  it('finds a ticket by a custom value a member typed, which its mail never said, and no longer by an old one', async () => {
    expect(await subjects([Query.search('text', 'ZX-1002')])).toEqual(['Large pro order'])
    // A member searches as they type, in any case (Session 15 of decision 071).
    expect(await subjects([Query.search('text', 'zx-1002')])).toEqual(['Large pro order'])
    expect(await subjects([Query.search('text', '1249.9')])).toEqual(['Large pro order'])
    const [ticket] = (
      await ada.databases.listDocuments<TAnyDocument>({
        ...TICKETS,
        queries: [Query.equal('customFields.order_number', ['ZX-1001'])],
      })
    ).documents
    await ada.databases.updateDocument({
      ...TICKETS,
      documentId: ticket?.$id ?? '',
      data: { customFields: { order_number: 'QY-7', amount: 9.5 } },
    })
    expect(await subjects([Query.search('text', 'QY-7')])).toEqual(['Small basic order'])
    expect(await subjects([Query.search('text', 'ZX-1001')])).toEqual([])
  })
})
