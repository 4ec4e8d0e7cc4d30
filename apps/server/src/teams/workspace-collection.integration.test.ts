import {
  CollectionId,
  ContactMessages,
  DATABASE_ID,
  ErrorType,
  GroupLimits,
  GroupMessages,
  MacroLimits,
  MacroMessages,
} from '@parsedesk/contracts'
import { ID, Permission, Role, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { signUpOwnerAndAgent } from './team.test-kit'

/**
 * The rules `defineWorkspaceCollection` gives every resource declared with it, driven through the SDK for
 * each of the managed ones: who may write, the count per workspace, the name taken, the permissions a
 * client may ask for and the members a document may name.
 */
const MANAGED = [
  {
    collectionId: CollectionId.groups,
    table: 'groups',
    plural: 'Groups',
    messages: GroupMessages,
    limit: { perWorkspace: GroupLimits.groupsPerWorkspace, message: GroupMessages.tooManyGroups },
    filler: `insert into groups (id, "teamId", "name") select 'fill-' || n, $1, 'Filler ' || n
             from generate_series(1, $2::int) as n`,
    /** Names a member the workspace must have. */
    naming: (userId: string) => ({ memberIds: [userId] }),
    notMember: `Invalid document structure: Attribute "memberIds" ${GroupMessages.memberNotMember}`,
  },
  {
    collectionId: CollectionId.macros,
    table: 'macros',
    plural: 'Macros',
    messages: MacroMessages,
    limit: { perWorkspace: MacroLimits.macrosPerWorkspace, message: MacroMessages.tooManyMacros },
    filler: `insert into macros (id, "teamId", "name", "actions")
             select 'fill-' || n, $1, 'Filler ' || n, '{"status":null,"addTags":[],"assignee":{"kind":"keep"}}'
             from generate_series(1, $2::int) as n`,
    naming: (userId: string) => ({
      actions: { status: null, addTags: [], assignee: { kind: 'member', userId } },
    }),
    notMember: `Invalid document structure: Attribute "actions.assignee.userId" ${MacroMessages.assigneeNotMember}`,
  },
] as const

describe.each(DATABASE_KINDS)('workspace collections on %s', (database) => {
  let server: TTestServer
  // Ada owns the workspace and Grace is its agent; Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string

  beforeAll(async () => {
    server = await startTestServer({ database })
    ;[{ owner: ada, agent: grace, teamId: workspace }, eve] = await Promise.all([
      signUpOwnerAndAgent(server.url, { owner: 'Ada Lovelace', agent: 'Grace Hopper' }),
      signUpUser(server.url, 'Eve Outsider'),
    ])
  })
  afterAll(() => server?.stop())

  const create = (
    user: TSdkUser,
    collectionId: string,
    data: Record<string, unknown>,
    permissions?: string[],
  ) =>
    user.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId,
      documentId: ID.unique(),
      data,
      ...(permissions ? { permissions } : {}),
    })

  const change = (user: TSdkUser, collectionId: string, documentId: string, data: Record<string, unknown>) =>
    user.databases.updateDocument({ databaseId: DATABASE_ID, collectionId, documentId, data })

  describe.each(MANAGED)('$collectionId', (resource) => {
    it("lets the workspace's owners write, refusing agents and outsiders with the resource's words", async () => {
      const made = await create(ada, resource.collectionId, { teamId: workspace, name: 'Billing' })
      expect(made.teamId).toBe(workspace)

      const agent = await rejection(create(grace, resource.collectionId, { teamId: workspace, name: 'Mine' }))
      expect([agent.code, agent.type, agent.message]).toEqual([
        401,
        ErrorType.userUnauthorized,
        resource.messages.managersOnly,
      ])
      const agentRename = await rejection(change(grace, resource.collectionId, made.$id, { name: 'Mine' }))
      expect(agentRename.code).toBe(401)
      const outsider = await rejection(create(eve, resource.collectionId, { teamId: workspace, name: 'Eve' }))
      expect([outsider.code, outsider.message]).toEqual([
        401,
        `You are not a member of workspace "${workspace}"`,
      ])

      // Every member reads it: the agent lists it, the outsider does not see it.
      const listed = await grace.databases.listDocuments({
        databaseId: DATABASE_ID,
        collectionId: resource.collectionId,
      })
      expect(listed.documents.map((document) => document.$id)).toContain(made.$id)
      const hidden = await eve.databases.listDocuments({
        databaseId: DATABASE_ID,
        collectionId: resource.collectionId,
      })
      expect(hidden.documents.map((document) => document.$id)).not.toContain(made.$id)
    })

    it('refuses a name taken in the workspace, whatever its case, with a 409', async () => {
      const taken = await rejection(
        create(ada, resource.collectionId, { teamId: workspace, name: 'BILLING' }),
      )
      expect([taken.code, taken.type, taken.message]).toEqual([
        409,
        ErrorType.documentAlreadyExists,
        resource.messages.nameTaken,
      ])
    })

    it('refuses permissions beyond the workspace, and members it does not have', async () => {
      const foreign = await rejection(
        create(ada, resource.collectionId, { teamId: workspace, name: 'Open' }, [
          Permission.read(Role.any()),
        ]),
      )
      expect([foreign.code, foreign.message]).toEqual([
        401,
        `${resource.plural} are shared with their workspace only (got "any")`,
      ])
      const stranger = await rejection(
        create(ada, resource.collectionId, {
          teamId: workspace,
          name: 'Eve',
          ...resource.naming(eve.userId),
        }),
      )
      expect([stranger.code, stranger.message]).toEqual([400, resource.notMember])
      const named = await create(ada, resource.collectionId, {
        teamId: workspace,
        name: 'Grace',
        ...resource.naming(grace.userId),
      })
      expect(named.$id).toBeTruthy()
    })

    it('stops at its count per workspace, and counts each workspace apart', async () => {
      const { rows } = await server.db.query<{ count: number }>(
        `select count(*)::int as count from ${resource.table} where "teamId" = $1`,
        [workspace],
      )
      const room = resource.limit.perWorkspace - (rows[0]?.count ?? 0)
      await server.db.query(resource.filler, [workspace, room - 1])

      await create(ada, resource.collectionId, { teamId: workspace, name: 'The last one' })
      const over = await rejection(
        create(ada, resource.collectionId, { teamId: workspace, name: 'One too many' }),
      )
      expect([over.code, over.type, over.message]).toEqual([
        400,
        ErrorType.generalArgumentInvalid,
        resource.limit.message,
      ])
      // Eve's own workspace has its own count.
      const eveWorkspace = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
      expect((await create(eve, resource.collectionId, { teamId: eveWorkspace, name: 'Mine' })).teamId).toBe(
        eveWorkspace,
      )
    })
  })

  it("announces each committed create, change and removal to the workspace's members only", async () => {
    const events: { action: string; collectionId: string; documentId: string; readRoles: string[] }[] = []
    const unsubscribe = server.bus.subscribe((event) => events.push(event))
    try {
      const made = await create(grace, CollectionId.contacts, {
        teamId: workspace,
        email: 'news@example.com',
      })
      const document = { databaseId: DATABASE_ID, collectionId: CollectionId.contacts, documentId: made.$id }
      await change(grace, CollectionId.contacts, made.$id, { name: 'Changed' })
      await ada.databases.deleteDocument(document)
      // A refused write announces nothing.
      await rejection(create(eve, CollectionId.contacts, { teamId: workspace, email: 'refused@example.com' }))

      const announced = await waitForValue(
        () => {
          const ours = events.filter((event) => event.documentId === made.$id)
          return ours.length === 3 && ours
        },
        { what: 'the create, update and delete events' },
      )
      expect(announced.map((event) => [event.action, event.collectionId, event.readRoles])).toEqual([
        ['create', CollectionId.contacts, [`team:${workspace}`]],
        ['update', CollectionId.contacts, [`team:${workspace}`]],
        ['delete', CollectionId.contacts, [`team:${workspace}`]],
      ])
      expect(events.filter((event) => event.collectionId === CollectionId.contacts)).toHaveLength(3)
    } finally {
      unsubscribe()
    }
  })

  it('lets every member write contacts, and only owners and admins delete one', async () => {
    const contact = await create(grace, CollectionId.contacts, {
      teamId: workspace,
      email: 'kit@example.com',
    })
    const renamed = await change(grace, CollectionId.contacts, contact.$id, { name: 'Kit Customer' })
    expect(renamed.name).toBe('Kit Customer')
    const twice = await rejection(
      create(ada, CollectionId.contacts, { teamId: workspace, email: 'KIT@example.com' }),
    )
    expect([twice.code, twice.message]).toEqual([409, ContactMessages.emailTaken])

    const remove = (user: TSdkUser) =>
      user.databases.deleteDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.contacts,
        documentId: contact.$id,
      })
    expect((await rejection(remove(grace))).code).toBe(401)
    await remove(ada)
    const outsider = await rejection(
      create(eve, CollectionId.contacts, { teamId: workspace, email: 'e@example.com' }),
    )
    expect([outsider.code, outsider.message]).toEqual([
      401,
      `You are not a member of workspace "${workspace}"`,
    ])
  })
})
