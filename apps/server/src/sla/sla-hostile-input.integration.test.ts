import {
  BusinessHoursMessages,
  CollectionId,
  DATABASE_ID,
  SLA_MESSAGES,
  type TBusinessHoursCreate,
  type TSlaPolicyCreate,
} from '@parsedesk/contracts'
import { ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDocumentAs as create,
  DEEP,
  documentsPath,
  expectAllRefused,
  NEARLY_TEN_MB,
  NUL,
  rowCounts,
  send,
  startHostileCast,
} from '../testing/hostile-input'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

const SCHEDULES = CollectionId.businessHours
const POLICIES = CollectionId.slaPolicies
const TABLES = ['business_hours', 'sla_policies'] as const

const NINE_TO_FIVE = [{ from: '09:00', to: '17:00' }]
const SCHEDULE: TBusinessHoursCreate = {
  name: 'Office',
  timeZone: 'Europe/Berlin',
  weekly: [[], NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, []],
  holidays: ['2026-12-25'],
}
const POLICY: TSlaPolicyCreate = {
  name: 'Everyone',
  position: 0,
  conditions: { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] },
  targets: {
    low: {},
    medium: { 'first-reply': { minutes: 240, businessHours: true } },
    high: {},
  },
}
const ical = (...lines: string[]) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\r\n')

describe.each(DATABASE_KINDS)(
  'SLA schedules, policies and iCal import refuse hostile input, on %s',
  (database) => {
    let server: TTestServer
    // Ada owns the workspace and Grace is its agent; Eve owns another, with a group, schedule, policy, ticket.
    let ada: TSdkUser
    let grace: TSdkUser
    let eve: TSdkUser
    let workspace: string
    let evesWorkspace: string
    let ids: {
      schedule: string
      policy: string
      evesSchedule: string
      evesPolicy: string
      evesGroup: string
      evesTicket: string
    }

    beforeAll(async () => {
      ;({ server, ada, grace, eve, workspace, evesWorkspace } = await startHostileCast(database))
      ids = {
        schedule: await create(ada, SCHEDULES, SCHEDULE),
        policy: await create(ada, POLICIES, POLICY),
        evesSchedule: await create(eve, SCHEDULES, SCHEDULE),
        evesPolicy: await create(eve, POLICIES, POLICY),
        evesGroup: await create(eve, CollectionId.groups, { name: 'Eve’s team' }),
        evesTicket: await create(eve, CollectionId.tickets, {
          email: 'carol@customer.example',
          subject: 'Hi',
          body: 'Hello',
        }),
      }
    })
    afterAll(() => server?.stop())

    const post = (as: TSdkUser | undefined, collectionId: string, data: unknown) =>
      send(server.url, 'POST', documentsPath(collectionId), { as, body: { documentId: ID.unique(), data } })
    const patch = (as: TSdkUser | undefined, collectionId: string, id: string, data: unknown) =>
      send(server.url, 'PATCH', documentsPath(collectionId, id), { as, body: { data } })
    const importIcal = (as: TSdkUser | undefined, body: unknown) =>
      send(server.url, 'POST', '/v1/sla/holidays/ical', { as, body })
    const clocks = (as: TSdkUser | undefined, query: Record<string, string>) =>
      send(server.url, 'GET', '/v1/sla/tickets', { as, query })
    const schedule = (data: Record<string, unknown>) => ({ ...SCHEDULE, name: 'Support', ...data })
    const policy = (data: Record<string, unknown>) => ({ ...POLICY, name: 'Urgent', ...data })

    it('answers NUL, 10 MB, 10,000 levels, wrong types, unknown fields and others’ ids with a clear 4xx, storing nothing', async () => {
      const before = await rowCounts(server.db, TABLES)
      await expectAllRefused([
        // Schedules.
        {
          what: 'schedule name with NUL',
          request: () => post(ada, SCHEDULES, schedule({ name: `Sup${NUL}port` })),
          names: 'name',
        },
        {
          what: 'schedule name of 10 MB',
          request: () => post(ada, SCHEDULES, schedule({ name: NEARLY_TEN_MB })),
          names: 'name',
        },
        {
          what: 'weekly hours nested deep',
          request: () => post(ada, SCHEDULES, schedule({ weekly: DEEP })),
          names: 'weekly',
        },
        {
          what: 'weekly hours a word',
          request: () => post(ada, SCHEDULES, schedule({ weekly: 'always' })),
          names: 'weekly',
        },
        {
          what: 'a time zone with NUL',
          request: () => post(ada, SCHEDULES, schedule({ timeZone: `Europe/Ber${NUL}lin` })),
          names: 'timeZone',
        },
        {
          what: 'a holiday that is no date',
          request: () => post(ada, SCHEDULES, schedule({ holidays: ['2026-13-45'] })),
          names: 'holidays',
        },
        {
          what: 'schedule with unknown attribute',
          request: () => post(ada, SCHEDULES, schedule({ owner: 'me' })),
          names: 'owner',
        },
        {
          what: 'schedule for another workspace’s group',
          request: () => post(ada, SCHEDULES, schedule({ groupId: ids.evesGroup })),
          names: 'groupId',
        },
        {
          what: 'schedule in another workspace',
          request: () => post(ada, SCHEDULES, schedule({ teamId: evesWorkspace })),
          status: 401,
        },
        {
          what: 'another workspace’s schedule changed',
          request: () => patch(ada, SCHEDULES, ids.evesSchedule, { name: 'Mine' }),
          status: 404,
        },
        {
          what: 'another workspace’s schedule read',
          request: () => send(server.url, 'GET', documentsPath(SCHEDULES, ids.evesSchedule), { as: ada }),
          status: 404,
        },
        {
          what: 'schedule moved to another workspace’s group',
          request: () => patch(ada, SCHEDULES, ids.schedule, { groupId: ids.evesGroup }),
          names: 'groupId',
        },
        {
          what: 'guest writes a schedule',
          request: () => post(undefined, SCHEDULES, schedule({})),
          status: 401,
        },
        {
          what: 'agent writes a schedule',
          request: () => post(grace, SCHEDULES, schedule({ teamId: workspace })),
          status: 401,
          names: BusinessHoursMessages.managersOnly,
        },
        // Policies.
        {
          what: 'policy name with NUL',
          request: () => post(ada, POLICIES, policy({ name: `Urg${NUL}ent` })),
          names: 'name',
        },
        {
          what: 'policy name of 10 MB',
          request: () => post(ada, POLICIES, policy({ name: NEARLY_TEN_MB })),
          names: 'name',
        },
        {
          what: 'targets nested deep',
          request: () => post(ada, POLICIES, policy({ targets: DEEP })),
          names: 'targets',
        },
        {
          what: 'position a word',
          request: () => post(ada, POLICIES, policy({ position: 'top' })),
          names: 'position',
        },
        {
          what: 'a 10 MB tag condition',
          request: () =>
            post(ada, POLICIES, policy({ conditions: { ...POLICY.conditions, tags: [NEARLY_TEN_MB] } })),
          names: 'conditions',
        },
        {
          what: 'policy with unknown attribute',
          request: () => post(ada, POLICIES, policy({ script: 'x' })),
          names: 'script',
        },
        {
          what: 'policy in another workspace',
          request: () => post(ada, POLICIES, policy({ teamId: evesWorkspace })),
          status: 401,
        },
        {
          what: 'another workspace’s policy changed',
          request: () => patch(ada, POLICIES, ids.evesPolicy, { name: 'Mine' }),
          status: 404,
        },
        {
          what: 'another workspace’s policy deleted',
          request: () => send(server.url, 'DELETE', documentsPath(POLICIES, ids.evesPolicy), { as: ada }),
          status: 404,
        },
        {
          what: 'agent changes a policy',
          request: () => patch(grace, POLICIES, ids.policy, { position: 3 }),
          status: 401,
        },
        // iCal import.
        { what: 'guest imports iCal', request: () => importIcal(undefined, { ics: ical() }), status: 401 },
        { what: 'iCal of 10 MB', request: () => importIcal(ada, { ics: NEARLY_TEN_MB }), names: 'ics' },
        { what: 'iCal a number', request: () => importIcal(ada, { ics: 5 }), names: 'ics' },
        { what: 'iCal nested deep', request: () => importIcal(ada, { ics: DEEP }), names: 'ics' },
        {
          what: 'iCal with unknown field',
          request: () => importIcal(ada, { ics: ical(), save: true }),
          names: 'save',
        },
        {
          what: 'iCal of NUL bytes',
          request: () => importIcal(ada, { ics: NUL.repeat(100_000) }),
          names: SLA_MESSAGES.icalEmpty,
        },
        // The SLA clocks.
        {
          what: 'guest reads clocks',
          request: () => clocks(undefined, { ids: ids.evesTicket }),
          status: 401,
        },
        {
          what: 'clocks of 10 KB of ids',
          request: () => clocks(ada, { ids: 'x'.repeat(10_000) }),
          names: 'ids',
        },
        { what: 'clocks of no ids', request: () => clocks(ada, { ids: ',' }), names: 'ids' },
      ])
      expect(await rowCounts(server.db, TABLES)).toEqual(before)
      // Another workspace's ticket, or a NUL id, reads as no ticket at all.
      for (const id of [ids.evesTicket, `${ids.evesTicket}${NUL}`]) {
        const answer = await clocks(ada, { ids: id })
        expect([answer.status, answer.body]).toEqual([200, { tickets: [] }])
      }
      const read = (user: TSdkUser, collectionId: string, documentId: string) =>
        user.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId })
      expect(await read(ada, SCHEDULES, ids.schedule)).toMatchObject({ name: 'Office', groupId: null })
      expect(await read(eve, POLICIES, ids.evesPolicy)).toMatchObject({ name: 'Everyone', position: 0 })
    })

    it('reads a pathological iCal file at once, with a clear refusal', async () => {
      const event = (start: string, end: string) => [
        'BEGIN:VEVENT',
        `DTSTART;VALUE=DATE:${start}`,
        `DTEND;VALUE=DATE:${end}`,
        'END:VEVENT',
      ]
      await expectAllRefused([
        // An event of 8,000 years: its days are counted only up to the schedule's limit.
        {
          what: 'an event of 8,000 years',
          request: () => importIcal(ada, { ics: ical(...event('10000101', '99991231')) }),
          names: SLA_MESSAGES.icalTooMany,
        },
        // 5,000 events, each of 1,000 years.
        {
          what: '5,000 events of 1,000 years',
          request: () =>
            importIcal(ada, {
              ics: ical(...Array.from({ length: 5_000 }, () => event('10000101', '20000101')).flat()),
            }),
          names: SLA_MESSAGES.icalTooMany,
        },
        // One line folded 100,000 times, and 500 KB of unterminated events.
        {
          what: 'one line folded 100,000 times',
          request: () => importIcal(ada, { ics: ical(`DTSTART;VALUE=DATE:2026${'\r\n 1'.repeat(100_000)}`) }),
          names: SLA_MESSAGES.icalEmpty,
        },
        {
          what: 'events never ended',
          request: () =>
            importIcal(ada, { ics: ical(...Array.from({ length: 20_000 }, () => 'BEGIN:VEVENT')) }),
          names: SLA_MESSAGES.icalEmpty,
        },
      ])
    })
  },
)
