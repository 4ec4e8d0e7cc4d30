import {
  BusinessHoursMessages,
  CollectionId,
  DATABASE_ID,
  ErrorType,
  SLA_MESSAGES,
  type TBusinessHoursAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinByInvitation } from '../../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'

type TSchedule = Models.Document & TBusinessHoursAttributes
const SCHEDULES = { databaseId: DATABASE_ID, collectionId: CollectionId.businessHours }
const GROUPS = { databaseId: DATABASE_ID, collectionId: CollectionId.groups }
const nineToFive = [{ from: '09:00', to: '17:00' }]
const weekdays = [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []]

describe.each(DATABASE_KINDS)('business-hours schedules on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ;[ada, grace, eve] = await Promise.all([
      signUpUser(server.url, 'Ada Owner'),
      signUpUser(server.url, 'Grace Agent'),
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
  })
  afterAll(() => server?.stop())

  const create = async (user: TSdkUser, data: Record<string, unknown>) =>
    (await user.databases.createDocument({
      ...SCHEDULES,
      documentId: ID.unique(),
      data: { teamId: workspace, timeZone: 'Europe/Berlin', weekly: weekdays, holidays: [], ...data },
    })) as unknown as TSchedule

  it('an owner sets the workspace default and a group’s own; members read them, agents cannot write', async () => {
    const standard = await create(ada, { name: 'Office', holidays: ['2026-12-25'] })
    expect(standard).toMatchObject({
      name: 'Office',
      groupId: null,
      timeZone: 'Europe/Berlin',
      weekly: weekdays,
    })
    const group = await ada.databases.createDocument({
      ...GROUPS,
      documentId: ID.unique(),
      data: { teamId: workspace, name: 'Night shift' },
    })
    const night = await create(ada, {
      name: 'Nights',
      groupId: group.$id,
      weekly: Array(7).fill([{ from: '22:00', to: '24:00' }]),
    })
    expect(night.groupId).toBe(group.$id)

    const seen = await grace.databases.listDocuments<TSchedule>({ ...SCHEDULES })
    expect(seen.documents.map((s) => s.name).sort()).toEqual(['Nights', 'Office'])
    const agent = await rejection(create(grace, { name: 'Mine', groupId: group.$id }))
    expect([agent.code, agent.message]).toEqual([401, BusinessHoursMessages.managersOnly])
    expect((await eve.databases.listDocuments({ ...SCHEDULES })).documents).toEqual([])
  })

  it('holds one default per workspace and refuses hours that make no sense', async () => {
    const second = await rejection(create(ada, { name: 'Second default' }))
    expect([second.code, second.type, second.message]).toEqual([
      409,
      ErrorType.documentAlreadyExists,
      BusinessHoursMessages.taken,
    ])
    const zone = await rejection(create(ada, { name: 'Mars', groupId: null, timeZone: 'Mars/Olympus' }))
    expect(zone.message).toContain(SLA_MESSAGES.timeZone)
    const reversed = await rejection(
      create(ada, { name: 'Backwards', weekly: [[{ from: '17:00', to: '09:00' }], [], [], [], [], [], []] }),
    )
    expect(reversed.message).toContain(SLA_MESSAGES.spanOrder)
  })
  it('reads an iCal file’s all-day events as holidays, and refuses one without any', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20261225',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n')
    const url = new URL(`${ada.client.config.endpoint}/sla/holidays/ical`)
    const headers = { 'content-type': 'application/json' }
    expect(await ada.client.call('post', url, headers, { ics })).toEqual({ holidays: ['2026-12-25'] })
    const empty = await rejection(
      ada.client.call('post', url, headers, { ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' }),
    )
    expect([empty.code, empty.message]).toEqual([400, SLA_MESSAGES.icalEmpty])
  })
})
