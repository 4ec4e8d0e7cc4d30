import {
  CollectionId,
  DATABASE_ID,
  GroupMessages,
  NOTIFICATION_EMAIL_DEFAULTS,
  RoutingMessages,
} from '@parsedesk/contracts'
import { ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertSurvey } from '../satisfaction/survey-repository'
import { hashSurveyToken, newSurveyToken } from '../satisfaction/survey-token'
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

const GROUPS = CollectionId.groups
const TABLES = ['groups', 'routing_members', 'notifications', 'satisfaction_surveys'] as const

/**
 * The members' own settings and the customers' rating page: routing (a group's skills, availability, the
 * board), notifications (settings, marking read) and satisfaction (the no-sign-in rating link).
 */
describe.each(DATABASE_KINDS)(
  'routing, notifications and ratings refuse hostile input, on %s',
  (database) => {
    let server: TTestServer
    // Ada owns the workspace and Grace is its agent; Eve owns another, with a group.
    let ada: TSdkUser
    let grace: TSdkUser
    let eve: TSdkUser
    let workspace: string
    let evesWorkspace: string
    let ids: { group: string; evesGroup: string }
    let token: string

    beforeAll(async () => {
      ;({ server, ada, grace, eve, workspace, evesWorkspace } = await startHostileCast(database))
      ids = {
        group: await create(ada, GROUPS, {
          name: 'Billing',
          memberIds: [grace.userId],
          strategy: 'round-robin',
        }),
        evesGroup: await create(eve, GROUPS, { name: 'Eve’s team' }),
      }
      // A survey as the lifecycle schedule sends it, for a closed ticket of Ada's.
      const ticketId = await create(ada, CollectionId.tickets, {
        email: 'carol@customer.example',
        subject: 'Done',
        body: 'Thanks',
      })
      token = newSurveyToken()
      await insertSurvey(server.db, {
        ...{ id: ID.unique(), teamId: workspace, ticketId, requester: 'carol@customer.example' },
        ...{ agentId: grace.userId, tokenHash: hashSurveyToken(token), language: 'en', now: new Date() },
      })
    })
    afterAll(() => server?.stop())

    const patchGroup = (as: TSdkUser | undefined, id: string, data: unknown) =>
      send(server.url, 'PATCH', documentsPath(GROUPS, id), { as, body: { data } })
    const availability = (as: TSdkUser | undefined, body: unknown) =>
      send(server.url, 'PUT', '/v1/routing/availability', { as, body })
    const board = (as: TSdkUser | undefined, teamId: string) =>
      send(server.url, 'GET', '/v1/routing/board', { as, query: { teamId } })
    const settings = (as: TSdkUser | undefined, body: unknown) =>
      send(server.url, 'PUT', '/v1/notifications/settings', { as, body })
    const rate = (path: string, body: unknown) => send(server.url, 'POST', path, { body })
    const skills = (memberSkills: unknown) => ({ skillsFirst: true, memberSkills })

    it('answers NUL, 10 MB, 10,000 levels, wrong types, unknown fields and others’ ids with a clear 4xx, storing nothing', async () => {
      const before = await rowCounts(server.db, TABLES)
      await expectAllRefused([
        // A group's routing and skills.
        {
          what: 'a skill of 10 MB',
          request: () =>
            patchGroup(ada, ids.group, skills([{ userId: grace.userId, skills: [NEARLY_TEN_MB] }])),
          names: RoutingMessages.skillLength,
        },
        {
          what: 'skills nested deep',
          request: () => patchGroup(ada, ids.group, skills(DEEP)),
          names: 'memberSkills',
        },
        {
          what: 'skill rules nested deep',
          request: () => patchGroup(ada, ids.group, { skillRules: DEEP }),
          names: 'skillRules',
        },
        { what: 'a cap in words', request: () => patchGroup(ada, ids.group, { cap: 'lots' }), names: 'cap' },
        {
          what: 'an unknown strategy',
          request: () => patchGroup(ada, ids.group, { strategy: 'random' }),
          names: 'strategy',
        },
        {
          what: 'an unknown attribute',
          request: () => patchGroup(ada, ids.group, { autopilot: true }),
          names: 'autopilot',
        },
        {
          what: 'skills of another workspace’s member',
          request: () => patchGroup(ada, ids.group, skills([{ userId: eve.userId, skills: ['german'] }])),
          names: GroupMessages.memberNotMember,
        },
        {
          what: 'another workspace’s group changed',
          request: () => patchGroup(ada, ids.evesGroup, skills([])),
          status: 404,
        },
        {
          what: 'agent changes skills',
          request: () => patchGroup(grace, ids.group, skills([])),
          status: 401,
        },
        {
          what: 'guest changes skills',
          request: () => patchGroup(undefined, ids.group, skills([])),
          status: 401,
        },
        // Availability and the board.
        {
          what: 'guest availability',
          request: () => availability(undefined, { teamId: workspace, available: false }),
          status: 401,
        },
        {
          what: 'availability in a word',
          request: () => availability(grace, { teamId: workspace, available: 'no' }),
          names: 'available',
        },
        {
          what: 'availability nested deep',
          request: () => availability(grace, { teamId: DEEP, available: false }),
          names: 'teamId',
        },
        {
          what: 'availability of a 10 MB workspace',
          request: () => availability(grace, { teamId: NEARLY_TEN_MB, available: false }),
          names: 'teamId',
        },
        {
          what: 'availability of a NUL workspace',
          request: () => availability(grace, { teamId: NUL, available: false }),
          status: 401,
        },
        {
          what: 'availability in another workspace',
          request: () => availability(grace, { teamId: evesWorkspace, available: false }),
          status: 401,
          names: RoutingMessages.ownAvailabilityOnly,
        },
        {
          what: 'availability with unknown field',
          request: () => availability(grace, { teamId: workspace, available: false, userId: ada.userId }),
          names: 'userId',
        },
        { what: 'guest board', request: () => board(undefined, workspace), status: 401 },
        {
          what: 'another workspace’s board',
          request: () => board(ada, evesWorkspace),
          status: 401,
          names: RoutingMessages.boardMembersOnly,
        },
        {
          what: 'board of a 10 KB workspace',
          request: () => board(ada, 'x'.repeat(10_000)),
          names: 'teamId',
        },
        // Notification settings.
        { what: 'guest settings', request: () => settings(undefined, { email: {} }), status: 401 },
        { what: 'settings nested deep', request: () => settings(ada, { email: DEEP }), names: 'email' },
        {
          what: 'a setting in words',
          request: () => settings(ada, { email: { assigned: 'yes' } }),
          names: 'email',
        },
        {
          what: 'settings of 10 MB',
          request: () => settings(ada, { email: { assigned: NEARLY_TEN_MB } }),
          names: 'email',
        },
        {
          what: 'settings with unknown field',
          request: () => settings(ada, { ...NOTIFICATION_EMAIL_DEFAULTS, forward: 'eve@example.com' }),
          names: 'forward',
        },
        {
          what: 'another member’s notification marked read',
          request: () =>
            send(server.url, 'PATCH', documentsPath(CollectionId.notifications, 'missing'), {
              as: ada,
              body: { data: { readAt: new Date().toISOString() } },
            }),
          status: 404,
        },
      ])
      // The rating page, with no sign-in, answers in HTML: a NUL, a 10 KB or an unknown token finds no
      // survey, and a hostile answer to a real link gets its 400 page and rates nothing.
      for (const [path, status] of [
        ['/rate/%00', 404],
        [`/rate/${'t'.repeat(10_000)}`, 414],
        [`/rate/${newSurveyToken()}`, 404],
      ] as const) {
        expect.soft((await rate(path, { rating: 'good' })).status, path.slice(0, 40)).toBe(status)
      }
      for (const [what, body] of [
        ['nested deep', { rating: DEEP }],
        ['a number', { rating: 1 }],
        ['a 10 MB comment', { rating: 'good', comment: NEARLY_TEN_MB }],
        ['a NUL comment', { rating: 'good', comment: `fine${NUL}` }],
      ] as const) {
        const answer = await rate(`/rate/${token}`, body)
        expect.soft(answer.status, what).toBe(400)
      }
      expect(await rowCounts(server.db, TABLES)).toEqual(before)
      const { rows } = await server.db.query<{ rating: string | null }>(
        'select rating from satisfaction_surveys',
      )
      expect(rows).toEqual([{ rating: null }])
      const group = await ada.databases.getDocument({
        databaseId: DATABASE_ID,
        collectionId: GROUPS,
        documentId: ids.group,
      })
      expect(group).toMatchObject({ skillsFirst: false, memberSkills: [], strategy: 'round-robin' })
      // A NUL in a skill is text Postgres cannot keep: saved without it, as free text is (docs/security.md).
      const nul = await patchGroup(
        ada,
        ids.group,
        skills([{ userId: grace.userId, skills: [`ger${NUL}man`] }]),
      )
      expect([nul.status, (nul.body as { memberSkills?: unknown }).memberSkills]).toEqual([
        200,
        [{ userId: grace.userId, skills: ['german'] }],
      ])
    })
  },
)
