import {
  ZBusinessHoursAttributes,
  ZContactAttributes,
  ZCustomFieldAttributes,
  ZGroupAttributes,
  ZImapAccountAttributes,
  ZInboundAttributes,
  ZMacroAttributes,
  ZMailboxAttributes,
  ZMessageAttributes,
  ZNotificationAttributes,
  ZOutboundMailAttributes,
  ZPresenceAttributes,
  ZRuleAttributes,
  ZSlaPolicyAttributes,
  ZTemplateAttributes,
  ZTicketAttributes,
  ZTicketEventAttributes,
  ZViewAttributes,
  ZWaitlistRequest,
} from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createContactsCollection } from './contacts/contacts-collection'
import { createMessagesCollection } from './conversations/messages-collection'
import { createOutboxCollection } from './conversations/outbox-collection'
import { OPEN_INTERNET_ONLY } from './core/outbound-address'
import type { TDatabase } from './db/database'
import { shapeOf } from './documents/attribute-columns'
import type { TCollectionDefinition } from './documents/collection'
import type { TAttributeType } from './documents/queries'
import { createGroupsCollection } from './groups/groups-collection'
import { createMacrosCollection } from './macros/macros-collection'
import { createImapAccountsCollection } from './mail/imap/imap-accounts-collection'
import { createSecretBox } from './mail/imap/secret-box'
import { createInboundCollection } from './mail/inbound/inbound-collection'
import { createMailboxesCollection } from './mail/mailboxes/mailboxes-collection'
import { createNotificationsCollection } from './notifications/notifications-collection'
import { createPresenceCollection } from './presence/presence-collection'
import type { TEventBus } from './realtime/event-bus'
import { createRulesCollection } from './rules/rules-collection'
import { createBusinessHoursCollection } from './sla/business-hours/business-hours-collection'
import { createSlaPoliciesCollection } from './sla/policies/sla-policies-collection'
import { createCustomFieldsCollection } from './templates/custom-fields-collection'
import { createTemplatesCollection } from './templates/templates-collection'
import { DATABASE_KINDS, openTestDatabase } from './testing/test-database'
import { ticketEventsCollection } from './tickets/ticket-events'
import { createTicketsCollection } from './tickets/tickets-collection'
import { createViewsCollection } from './views/views-collection'
import { createWaitlistCollection } from './waitlist/waitlist-collection'

/** Their writers are never called here: only the declarations are compared with the tables. */
const UNUSED_WRITER_DEPS = { db: {} as TDatabase, bus: {} as TEventBus }

/** Each collection with the one zod schema its stored attributes are declared by. */
const COLLECTIONS: [TCollectionDefinition, z.ZodObject][] = [
  [createTicketsCollection({}), ZTicketAttributes],
  [ticketEventsCollection, ZTicketEventAttributes],
  [createMessagesCollection(), ZMessageAttributes],
  [createInboundCollection(), ZInboundAttributes],
  [createMailboxesCollection({ inboundDomain: 'inbound.test' }), ZMailboxAttributes],
  [
    createImapAccountsCollection({
      secretBox: createSecretBox(Buffer.alloc(32)),
      inboundDomain: 'inbound.test',
      outbound: OPEN_INTERNET_ONLY,
    }),
    ZImapAccountAttributes,
  ],
  [createWaitlistCollection(), ZWaitlistRequest],
  [createOutboxCollection(), ZOutboundMailAttributes],
  [createViewsCollection(UNUSED_WRITER_DEPS), ZViewAttributes],
  [createGroupsCollection(UNUSED_WRITER_DEPS), ZGroupAttributes],
  [createContactsCollection(UNUSED_WRITER_DEPS), ZContactAttributes],
  [createMacrosCollection(UNUSED_WRITER_DEPS), ZMacroAttributes],
  [createPresenceCollection(UNUSED_WRITER_DEPS), ZPresenceAttributes],
  [createNotificationsCollection(), ZNotificationAttributes],
  [createBusinessHoursCollection(UNUSED_WRITER_DEPS), ZBusinessHoursAttributes],
  [createSlaPoliciesCollection(UNUSED_WRITER_DEPS), ZSlaPolicyAttributes],
  [
    createRulesCollection({ ...UNUSED_WRITER_DEPS, routing: false, outbound: OPEN_INTERNET_ONLY }),
    ZRuleAttributes,
  ],
  [createCustomFieldsCollection(UNUSED_WRITER_DEPS), ZCustomFieldAttributes],
  [createTemplatesCollection(UNUSED_WRITER_DEPS), ZTemplateAttributes],
]

const COLUMN_TYPES: Record<TAttributeType, string[]> = {
  string: ['text'],
  integer: ['integer', 'bigint'],
  boolean: ['boolean'],
  datetime: ['timestamp with time zone'],
  json: ['jsonb'],
}

type TColumn = { name: string; type: string; isNullable: boolean; values: string[] | null }

/** The columns of `table` as the migrations made them, with the values a check constraint allows each. */
async function readColumns(db: TDatabase, table: string): Promise<Map<string, TColumn>> {
  const { rows: columns } = await db.query<{ column_name: string; data_type: string; is_nullable: string }>(
    `select column_name, data_type, is_nullable from information_schema.columns
     where table_schema = current_schema() and table_name = $1`,
    [table],
  )
  const { rows: checks } = await db.query<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = $1::regclass and contype = 'c'`,
    [table],
  )
  const valuesOf = (name: string) => {
    // The check listing the column's allowed values; a column may also appear in a check tying it to another.
    const check = checks.find(
      ({ definition }) =>
        (definition.includes(`"${name}"`) || definition.includes(`(${name} `)) &&
        /ANY \(ARRAY\[/.test(definition),
    )
    if (!check) return null
    return [...check.definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((match) => match[1] ?? '')
  }
  return new Map(
    columns.map((column) => [
      column.column_name,
      {
        name: column.column_name,
        type: column.data_type,
        isNullable: column.is_nullable === 'YES',
        values: valuesOf(column.column_name),
      },
    ]),
  )
}

describe.each(DATABASE_KINDS)('every collection agrees with its table on %s', (kind) => {
  let db: TDatabase
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
  })
  afterAll(() => close?.())

  it.each(COLLECTIONS.map(([definition, schema]) => [definition.id, definition, schema] as const))(
    '%s: a column for each attribute, of its kind, nullability and allowed values',
    async (_id, definition, schema) => {
      const columns = await readColumns(db, definition.table)
      for (const [name, field] of Object.entries(schema.shape)) {
        const shape = shapeOf(field as z.ZodType)
        const column = columns.get(definition.attributes[name]?.column ?? name)
        expect(column, `${definition.table}.${name}`).toBeDefined()
        expect({ name, type: column?.type }).toEqual({
          name,
          type: expect.toSatisfy((type: string) => COLUMN_TYPES[shape.type].includes(type)),
        })
        expect({ name, isNullable: column?.isNullable }).toEqual({ name, isNullable: shape.isNullable })
        expect({ name, values: column?.values ?? null }).toEqual({
          name,
          values: shape.values ? [...shape.values] : null,
        })
      }
      expect(Object.keys(definition.attributes).sort()).toEqual(Object.keys(schema.shape).sort())
    },
  )
})
