import {
  CollectionId,
  DATABASE_ID,
  TicketEventActor,
  TicketEventType,
  type TTicketAttributes,
  type TTicketEventAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import {
  subscribeWithSdk27,
  type TFrame,
  TICKETS_CHANNEL,
  useRecordingWebSocketInSdk,
} from '../realtime/realtime.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

type TTicketDocument = Models.Document & TTicketAttributes
type TEventDocument = Models.Document & TTicketEventAttributes

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const EVENTS = { databaseId: DATABASE_ID, collectionId: CollectionId.ticketEvents }

type TEventData = { events?: string[]; payload?: { $id?: string; assigneeId?: unknown } }

/** A realtime frame telling an open page that ticket `id` was updated and has no assignee now. */
function showsUnassigned(frame: TFrame, id: string): boolean {
  const data = frame.data as TEventData | undefined
  return (
    frame.type === 'event' &&
    data?.payload?.$id === id &&
    data.payload.assigneeId === null &&
    (data.events ?? []).some((name) => name.endsWith('.update'))
  )
}

describe.each(DATABASE_KINDS)(
  'a member who leaves a workspace is no longer an assignee, on %s',
  (database) => {
    let server: TTestServer
    // Ada owns the workspace; Grace and Hal work in it as agents.
    let ada: TSdkUser
    let grace: TSdkUser
    let hal: TSdkUser
    let workspace: string

    beforeAll(async () => {
      server = await startUndecidingServer(database)
      useRecordingWebSocketInSdk()
      ada = await signUpUser(server.url, 'Ada Lovelace')
      grace = await signUpUser(server.url, 'Grace Hopper')
      hal = await signUpUser(server.url, 'Hal Agent')
      workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
      for (const member of [grace, hal]) {
        await joinByInvitation({
          serverUrl: server.url,
          owner: ada,
          member,
          teamId: workspace,
          roles: ['agent'],
        })
      }
    })
    afterAll(() => server?.stop())

    /** A ticket of `teamId`, then assigned as the ticket page does it (an update, logged by `user`). */
    async function fileAssigned(user: TSdkUser, teamId: string, assignee: TSdkUser, subject: string) {
      const { $id } = await user.databases.createDocument({
        ...TICKETS,
        documentId: ID.unique(),
        data: { email: 'customer@example.com', subject, body: `About ${subject}`, teamId },
      })
      return user.databases.updateDocument<TTicketDocument>({
        ...TICKETS,
        documentId: $id,
        data: { assigneeId: assignee.userId },
      })
    }

    async function assigneeChangesOf(user: TSdkUser, ticketId: string) {
      const { documents } = await user.databases.listDocuments<TEventDocument>({
        ...EVENTS,
        queries: [
          Query.equal('ticketId', ticketId),
          Query.equal('type', TicketEventType.assignee),
          Query.orderAsc('$sequence'),
        ],
      })
      return documents.map(({ actorType, actorId, before, after }) => ({ actorType, actorId, before, after }))
    }

    const assigneeOf = async (user: TSdkUser, ticketId: string) =>
      (await user.databases.getDocument<TTicketDocument>({ ...TICKETS, documentId: ticketId })).assigneeId

    it("Grace's leaving unassigns her two tickets there, logged by the system and live on Ada's page; no one else's", async () => {
      const first = await fileAssigned(ada, workspace, grace, 'Invoice twice')
      const second = await fileAssigned(ada, workspace, grace, 'Refund late')
      const hals = await fileAssigned(ada, workspace, hal, 'Password reset')
      // Grace's own workspace, where she stays.
      const own =
        (await new Teams(grace.client).list()).teams.find((team) => team.$id !== workspace)?.$id ?? ''
      const elsewhere = await fileAssigned(grace, own, grace, 'Her own queue')
      const page = await subscribeWithSdk27(ada.client, [TICKETS_CHANNEL])

      const teams = new Teams(grace.client)
      const membership = (await teams.listMemberships({ teamId: workspace })).memberships.find(
        (member) => member.userId === grace.userId,
      )
      await teams.deleteMembership({ teamId: workspace, membershipId: membership?.$id ?? '' })

      for (const ticket of [first, second]) {
        expect(await assigneeOf(ada, ticket.$id)).toBeNull()
        expect(await assigneeChangesOf(ada, ticket.$id)).toEqual([
          { actorType: TicketEventActor.user, actorId: ada.userId, before: null, after: grace.userId },
          { actorType: TicketEventActor.system, actorId: null, before: grace.userId, after: null },
        ])
        await waitForValue(() => page.socket.frames.find((frame) => showsUnassigned(frame, ticket.$id)), {
          what: `the unassigned ${ticket.$id} on Ada's page`,
        })
      }
      expect(await assigneeOf(ada, hals.$id)).toBe(hal.userId)
      expect(await assigneeChangesOf(ada, hals.$id)).toHaveLength(1)
      expect(await assigneeOf(grace, elsewhere.$id)).toBe(grace.userId)
      expect(await assigneeChangesOf(grace, elsewhere.$id)).toHaveLength(1)
      page.subscription.close()
    })

    it("an owner's removal of a member unassigns them the same way", async () => {
      const lin = await signUpUser(server.url, 'Lin Agent')
      await joinByInvitation({
        serverUrl: server.url,
        owner: ada,
        member: lin,
        teamId: workspace,
        roles: ['agent'],
      })
      const ticket = await fileAssigned(ada, workspace, lin, 'Wrong size')
      const teams = new Teams(ada.client)
      const membership = (await teams.listMemberships({ teamId: workspace })).memberships.find(
        (member) => member.userId === lin.userId,
      )
      await teams.deleteMembership({ teamId: workspace, membershipId: membership?.$id ?? '' })

      expect(await assigneeOf(ada, ticket.$id)).toBeNull()
      expect((await assigneeChangesOf(ada, ticket.$id)).at(-1)).toEqual({
        actorType: TicketEventActor.system,
        actorId: null,
        before: lin.userId,
        after: null,
      })
    })

    it("a deleted account's tickets lose their assignee with a system event, not silently", async () => {
      const ticket = await fileAssigned(ada, workspace, hal, 'Shipping address')
      await server.db.query('delete from users where id = $1', [hal.userId])

      expect(await assigneeOf(ada, ticket.$id)).toBeNull()
      expect((await assigneeChangesOf(ada, ticket.$id)).at(-1)).toEqual({
        actorType: TicketEventActor.system,
        actorId: null,
        before: hal.userId,
        after: null,
      })
    })
  },
)
