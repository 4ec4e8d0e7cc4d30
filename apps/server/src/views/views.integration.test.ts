import {
  BUILT_IN_VIEWS,
  BuiltInViewId,
  CategoryKey,
  CollectionId,
  DATABASE_ID,
  ErrorType,
  type TViewAttributes,
  ViewLimits,
} from '@parsedesk/contracts'
import { ID, type Models, Permission, Query, Role, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TViewDocument = Models.Document & TViewAttributes
/** For what a client may send: some attributes, or wrong ones the server must refuse. */
type TAnyDocument = Models.Document & Record<string, unknown>

const VIEWS = { databaseId: DATABASE_ID, collectionId: CollectionId.views }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

describe.each(DATABASE_KINDS)('saved views on %s', (database) => {
  let server: TTestServer
  // Ada owns a workspace, Grace is its agent, Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

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
  })
  afterAll(() => server?.stop())

  function saveView(user: TSdkUser, name: string, shared: boolean, teamId = workspace) {
    return user.databases.createDocument<TAnyDocument>({
      ...VIEWS,
      documentId: ID.unique(),
      data: { teamId, name, shared, filters: { priority: ['high'], tags: ['VIP'], sort: 'oldest' } },
    })
  }

  async function viewNames(user: TSdkUser) {
    const list = await user.databases.listDocuments<TViewDocument>({
      ...VIEWS,
      queries: [Query.equal('teamId', workspace), Query.orderAsc('$createdAt')],
    })
    return list.documents.map((view) => view.name)
  }

  it('keeps a view to its member until it is shared, then every member of the workspace reads it', async () => {
    const mine = await saveView(ada, 'Ada’s urgent', false)
    const team = await saveView(ada, 'Team VIPs', true)
    // What the server stores: the member who saved it, and the filters normalised by the contract.
    expect(mine.userId).toBe(ada.userId)
    expect(mine.filters).toEqual({
      status: [],
      priority: ['high'],
      category: [],
      tags: ['vip'],
      hideSpam: false,
      sort: 'oldest',
    })
    expect(await viewNames(ada)).toEqual(['Ada’s urgent', 'Team VIPs'])
    expect(await viewNames(grace)).toEqual(['Team VIPs'])
    expect(await viewNames(eve)).toEqual([])
    expect((await rejection(eve.databases.getDocument({ ...VIEWS, documentId: team.$id }))).type).toBe(
      ErrorType.documentNotFound,
    )

    await ada.databases.updateDocument<TAnyDocument>({
      ...VIEWS,
      documentId: mine.$id,
      data: { shared: true },
    })
    expect(await viewNames(grace)).toEqual(['Ada’s urgent', 'Team VIPs'])
    await ada.databases.updateDocument<TAnyDocument>({
      ...VIEWS,
      documentId: mine.$id,
      data: { shared: false },
    })
    expect(await viewNames(grace)).toEqual(['Team VIPs'])
  })

  it('lets only the member who saved a view rename or delete it', async () => {
    const team = await saveView(ada, 'Shared queue', true)
    const renamed = rejection(
      grace.databases.updateDocument<TAnyDocument>({
        ...VIEWS,
        documentId: team.$id,
        data: { name: 'Mine now' },
      }),
    )
    expect((await renamed).code).toBe(401)
    expect((await rejection(grace.databases.deleteDocument({ ...VIEWS, documentId: team.$id }))).code).toBe(
      401,
    )
    // A permission a client sends cannot hand the view over.
    await ada.databases.updateDocument<TAnyDocument>({
      ...VIEWS,
      documentId: team.$id,
      data: { name: 'Shared queue (billing)' },
      permissions: [Permission.update(Role.team(workspace))],
    })
    expect((await rejection(grace.databases.deleteDocument({ ...VIEWS, documentId: team.$id }))).code).toBe(
      401,
    )

    const own = await saveView(grace, 'Grace’s own', false)
    await grace.databases.updateDocument<TAnyDocument>({
      ...VIEWS,
      documentId: own.$id,
      data: { name: 'Grace’s queue' },
    })
    await grace.databases.deleteDocument({ ...VIEWS, documentId: own.$id })
    await ada.databases.deleteDocument({ ...VIEWS, documentId: team.$id })
    expect(await viewNames(grace)).not.toContain('Shared queue (billing)')
  })

  it('refuses a view in a workspace the member is not in, bad filters, and a view moved to another workspace', async () => {
    expect((await rejection(saveView(eve, 'Spy', true, workspace))).code).toBe(401)
    const bad = rejection(
      ada.databases.createDocument<TAnyDocument>({
        ...VIEWS,
        documentId: ID.unique(),
        data: { teamId: workspace, name: 'Bad', shared: false, filters: { status: ['archived'] } },
      }),
    )
    expect((await bad).code).toBe(400)
    const view = await saveView(ada, 'Stays here', false)
    const moved = rejection(
      ada.databases.updateDocument<TAnyDocument>({
        ...VIEWS,
        documentId: view.$id,
        data: { teamId: 'another-team' },
      }),
    )
    expect((await moved).code).toBe(400)
    expect((await rejection(saveView(ada, '   ', false))).code).toBe(400)
  })

  it(`stops a member at ${ViewLimits.perMember} views in a workspace`, async () => {
    const { total } = await eve.databases.listDocuments({ ...VIEWS, queries: [Query.limit(1)] })
    const eveWorkspace = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
    for (let i = total; i < ViewLimits.perMember; i++) await saveView(eve, `View ${i}`, false, eveWorkspace)
    const refused = await rejection(saveView(eve, 'One too many', false, eveWorkspace))
    expect(refused.code).toBe(400)
    expect(refused.message).toContain(`${ViewLimits.perMember} views`)
  })

  it('answers the open views’ queries: spam and pending left out, unassigned and tags matched exactly', async () => {
    const file = async (subject: string, data: Record<string, unknown>) => {
      const ticket = await ada.databases.createDocument<TAnyDocument>({
        ...TICKETS,
        documentId: ID.unique(),
        data: { email: 'customer@example.com', subject, body: subject, teamId: workspace },
      })
      await ada.databases.updateDocument<TAnyDocument>({ ...TICKETS, documentId: ticket.$id, data })
    }
    await file('Mine', { assigneeId: ada.userId, tags: ['billing'] })
    await file('Nobody’s', { tags: ['bill'] })
    await file('Spam', { category: CategoryKey.spam })
    await file('Waiting', { status: 'pending' })
    const subjects = async (queries: string[]) =>
      (
        await ada.databases.listDocuments({
          ...TICKETS,
          queries: [
            Query.equal('teamId', workspace),
            ...queries,
            Query.orderAsc('$createdAt'),
            Query.select(['subject']),
          ],
        })
      ).documents.map((ticket) => ticket.subject)
    const allOpen = BUILT_IN_VIEWS.find((view) => view.id === BuiltInViewId.allOpen)?.filters
    const open = [
      Query.equal('status', [...(allOpen?.status ?? [])]),
      Query.notEqual('category', CategoryKey.spam),
    ]
    expect(await subjects(open)).toEqual(['Mine', 'Nobody’s'])
    expect(await subjects([...open, Query.isNull('assigneeId')])).toEqual(['Nobody’s'])
    expect(await subjects([...open, Query.equal('assigneeId', ada.userId)])).toEqual(['Mine'])
    expect(await subjects([Query.contains('tags', ['billing'])])).toEqual(['Mine'])
    expect(await subjects([Query.contains('tags', ['billing', 'bill'])])).toEqual(['Mine', 'Nobody’s'])
  })
})
