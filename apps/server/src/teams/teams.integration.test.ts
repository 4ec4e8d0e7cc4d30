import { ErrorType, TeamMessages } from '@parsedesk/contracts'
import { Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMessagesCollection } from '../conversations/messages-collection'
import { insertDocument } from '../documents/document-repository'
import { publishDocumentEvent } from '../documents/publish-document-event'
import { settle, subscribeWithSdk27, useRecordingWebSocketInSdk } from '../realtime/realtime.test-kit'
import { rejection, sdkClient, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'
import { INVITATIONS_PER_WORKSPACE } from './invitation-limits'
import { invitationTo } from './team.test-kit'

type TPerson = TSdkUser & { teams: Teams }

describe.each(DATABASE_KINDS)('workspaces (the Teams API) on %s', (database) => {
  let server: TTestServer
  let people: Record<'olive' | 'adam' | 'agnes' | 'alan' | 'eve', TPerson>

  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
    useRecordingWebSocketInSdk()
    // Shared by the tests (each makes workspaces of its own): sign-ups are limited per address.
    people = {
      olive: await person('Olive Owner'),
      adam: await person('Adam Admin'),
      agnes: await person('Agnes Agent'),
      alan: await person('Alan Turing'),
      eve: await person('Eve Outsider'),
    }
  })
  afterAll(async () => {
    await server?.stop()
  })

  async function person(name = 'Ada Lovelace'): Promise<TPerson> {
    const user = await signUpUser(server.url, name)
    return { ...user, teams: new Teams(user.client) }
  }

  /** Makes `member` a confirmed member of `teamId` with `roles`, as an accepted invitation does. */
  async function join(teamId: string, member: TSdkUser, roles: string[]) {
    await server.db.query(
      `insert into memberships (id, team_id, user_id, email, roles, confirm, joined_at)
       values ($1, $2, $3, $4, $5, true, now())`,
      [`m${Date.now()}${Math.floor(Math.random() * 1e6)}`, teamId, member.userId, member.email, roles],
    )
  }

  /** A conversation message the workspace's members may read and only its owners delete, announced live. */
  async function insertTeamMessage(owner: TSdkUser, teamId: string, subject: string) {
    const def = createMessagesCollection()
    const row = await insertDocument(server.db, def, {
      id: `msg${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      data: {
        ticketId: 'ticket-1',
        userId: owner.userId,
        teamId,
        direction: 'inbound',
        from: 'customer@example.com',
        subject,
        body: 'For the team',
        rawJson: null,
        messageId: null,
        inboundId: null,
        sentAt: null,
        createdAt: new Date().toISOString(),
      },
      permissions: [
        { action: 'read', role: `team:${teamId}` },
        { action: 'delete', role: `team:${teamId}/owner` },
      ],
    })
    await publishDocumentEvent({ bus: server.bus, def, action: 'create', row })
    return row
  }

  it('gives every new account a workspace of its own, named after it, with it as owner', async () => {
    const ada = await person('Ada Lovelace')
    const { total, teams } = await ada.teams.list()
    expect(total).toBe(1)
    expect(teams[0]).toMatchObject({ name: "Ada Lovelace's workspace", total: 1 })
    const members = await ada.teams.listMemberships({ teamId: teams[0]?.$id ?? '' })
    expect(members.memberships).toMatchObject([
      { userId: ada.userId, userEmail: ada.email, userName: 'Ada Lovelace', roles: ['owner'], confirm: true },
    ])
  })

  it('creates, renames, searches, pages and deletes workspaces of the caller only', async () => {
    const ada = people.olive
    const grace = people.eve
    const billing = await ada.teams.create({ teamId: 'unique()', name: 'Billing desk' })
    await ada.teams.create({ teamId: 'unique()', name: 'Hardware desk' })
    expect(billing).toMatchObject({ name: 'Billing desk', total: 1, prefs: {} })

    const found = await ada.teams.list({ search: 'desk', queries: [Query.orderDesc('name'), Query.limit(1)] })
    expect(found.total).toBe(2)
    expect(found.teams.map((t) => t.name)).toEqual(['Hardware desk'])
    expect(
      (await ada.teams.list({ queries: [Query.orderDesc('name'), Query.offset(1)], search: 'desk' })).teams,
    ).toMatchObject([{ name: 'Billing desk' }])

    const renamed = await ada.teams.updateName({ teamId: billing.$id, name: 'Payments desk' })
    expect(renamed.name).toBe('Payments desk')
    // To anyone else the workspace does not exist, whatever they try.
    for (const attempt of [
      () => grace.teams.get({ teamId: billing.$id }),
      () => grace.teams.updateName({ teamId: billing.$id, name: 'Mine now' }),
      () => grace.teams.delete({ teamId: billing.$id }),
      () => grace.teams.listMemberships({ teamId: billing.$id }),
      () => grace.teams.getPrefs({ teamId: billing.$id }),
    ]) {
      expect((await rejection(attempt())).type).toBe(ErrorType.teamNotFound)
    }
    expect((await grace.teams.list()).teams.map((t) => t.name)).toEqual(["Eve Outsider's workspace"])

    await ada.teams.delete({ teamId: billing.$id })
    expect((await rejection(ada.teams.get({ teamId: billing.$id }))).code).toBe(404)
  })

  it('refuses a query it does not support, and a workspace id already taken', async () => {
    const ada = people.olive
    expect((await rejection(ada.teams.list({ queries: [Query.equal('secret', 'x')] }))).type).toBe(
      ErrorType.generalQueryInvalid,
    )
    await ada.teams.create({ teamId: `desk-${ada.userId}`, name: 'Desk' })
    expect((await rejection(ada.teams.create({ teamId: `desk-${ada.userId}`, name: 'Desk' }))).type).toBe(
      ErrorType.teamAlreadyExists,
    )
  })

  it('answers a malformed body: a guest is refused first, a member learns which param is wrong', async () => {
    const malformed = { teamId: 'unique()', name: 42 as unknown as string }
    const guest = await rejection(new Teams(sdkClient(server.url)).create(malformed))
    expect(guest).toMatchObject({ code: 401, type: ErrorType.userUnauthorized })
    const member = await rejection(people.olive.teams.create(malformed))
    expect(member).toMatchObject({
      code: 400,
      type: ErrorType.generalArgumentInvalid,
      message: expect.stringMatching(/^Invalid `name` param: /),
    })
    const refused = await rejection(
      people.olive.teams.updateMembership({ teamId: 'any', membershipId: 'any', roles: ['chief'] as never }),
    )
    expect(refused).toMatchObject({ code: 400, message: expect.stringMatching(/^Invalid `roles` param: /) })
  })

  it('keeps preferences for members to read and managers to change', async () => {
    const ada = people.olive
    const agent = people.alan
    const team = await ada.teams.create({ teamId: 'unique()', name: 'Prefs desk' })
    await join(team.$id, agent, ['agent'])
    await ada.teams.updatePrefs({ teamId: team.$id, prefs: { signature: 'The support team' } })
    expect(await agent.teams.getPrefs({ teamId: team.$id })).toEqual({ signature: 'The support team' })
    const refused = await rejection(agent.teams.updatePrefs({ teamId: team.$id, prefs: {} }))
    expect(refused).toMatchObject({ type: ErrorType.userUnauthorized, message: TeamMessages.notAllowed })
  })

  it('lets owners and admins manage roles, only owners touch owners, and always keeps an owner', async () => {
    const owner = people.olive
    const admin = people.adam
    const agent = people.agnes
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Roles desk' })
    await join(team.$id, admin, ['admin'])
    await join(team.$id, agent, ['agent'])
    const members = (await owner.teams.listMemberships({ teamId: team.$id })).memberships
    const of = (user: TSdkUser) => members.find((m) => m.userId === user.userId)?.$id ?? ''

    expect(
      await rejection(
        agent.teams.updateMembership({ teamId: team.$id, membershipId: of(agent), roles: ['admin'] }),
      ),
    ).toMatchObject({ type: ErrorType.userUnauthorized, message: TeamMessages.notAllowed })
    expect(
      await rejection(
        admin.teams.updateMembership({ teamId: team.$id, membershipId: of(agent), roles: ['owner'] }),
      ),
    ).toMatchObject({ type: ErrorType.userUnauthorized, message: TeamMessages.onlyOwnersTouchOwners })
    expect(
      await rejection(admin.teams.deleteMembership({ teamId: team.$id, membershipId: of(owner) })),
    ).toMatchObject({
      message: TeamMessages.onlyOwnersTouchOwners,
    })
    expect(await rejection(admin.teams.delete({ teamId: team.$id }))).toMatchObject({
      message: TeamMessages.notAllowed,
    })

    const promoted = await admin.teams.updateMembership({
      teamId: team.$id,
      membershipId: of(agent),
      roles: ['admin', 'agent'],
    })
    expect(promoted.roles).toEqual(['admin', 'agent'])

    // The last owner can neither leave nor step down; once there is another owner, they can.
    expect(
      await rejection(owner.teams.deleteMembership({ teamId: team.$id, membershipId: of(owner) })),
    ).toMatchObject({
      message: TeamMessages.lastOwner,
    })
    expect(
      await rejection(
        owner.teams.updateMembership({ teamId: team.$id, membershipId: of(owner), roles: ['agent'] }),
      ),
    ).toMatchObject({ message: TeamMessages.lastOwner })
    await owner.teams.updateMembership({ teamId: team.$id, membershipId: of(admin), roles: ['owner'] })
    await owner.teams.deleteMembership({ teamId: team.$id, membershipId: of(owner) })
    expect((await rejection(owner.teams.get({ teamId: team.$id }))).type).toBe(ErrorType.teamNotFound)

    // Anyone may leave; an agent may not remove anyone else.
    await agent.teams.deleteMembership({ teamId: team.$id, membershipId: of(agent) })
    expect((await admin.teams.get({ teamId: team.$id })).total).toBe(1)
  })

  it('reads and refuses documents by workspace roles, and ends access when a member is removed', async () => {
    const owner = people.olive
    const agent = people.alan
    const outsider = people.eve
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Shared desk' })
    await join(team.$id, agent, ['agent'])
    const message = await insertTeamMessage(owner, team.$id, 'Shared')
    const where = { databaseId: 'main', collectionId: 'messages' }
    const read = (user: TSdkUser) =>
      user.databases.listDocuments({ ...where, queries: [Query.equal('$id', message.id)] })

    expect((await read(agent)).documents.map((d) => d.subject)).toEqual(['Shared'])
    expect((await read(outsider)).total).toBe(0)
    expect((await rejection(outsider.databases.getDocument({ ...where, documentId: message.id }))).code).toBe(
      404,
    )
    expect((await rejection(agent.databases.deleteDocument({ ...where, documentId: message.id }))).code).toBe(
      401,
    )

    const membership = (await owner.teams.listMemberships({ teamId: team.$id, search: 'Alan' }))
      .memberships[0]
    await owner.teams.deleteMembership({ teamId: team.$id, membershipId: membership?.$id ?? '' })
    expect((await read(agent)).total).toBe(0)
  })

  it('stops a removed member’s open socket receiving the workspace’s events at once', async () => {
    const owner = people.olive
    const agent = people.alan
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Live desk' })
    await join(team.$id, agent, ['agent'])
    const channel = 'databases.main.collections.messages.documents'
    const watching = await subscribeWithSdk27(owner.client, [channel])
    const listening = await subscribeWithSdk27(agent.client, [channel])

    const first = await insertTeamMessage(owner, team.$id, 'Before')
    await waitForValue(() => listening.inbox.of(first.id).length > 0, { what: 'the agent’s first event' })

    const membership = (await owner.teams.listMemberships({ teamId: team.$id, search: 'Alan' }))
      .memberships[0]
    await owner.teams.deleteMembership({ teamId: team.$id, membershipId: membership?.$id ?? '' })
    const second = await insertTeamMessage(owner, team.$id, 'After')
    // The owner's socket gets it, so it was delivered; the removed agent's, open all along, does not.
    await waitForValue(() => watching.inbox.of(second.id).length > 0, { what: 'the owner’s second event' })
    await settle()
    expect(listening.inbox.of(second.id)).toEqual([])
    for (const { subscription } of [watching, listening]) await subscription.close()
  })

  it('invites by email; the invited person signs up, accepts once with the link, and joins', async () => {
    const owner = people.olive
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Invite desk' })
    const email = `grace${Date.now()}@example.com`
    const invited = await owner.teams.createMembership({
      teamId: team.$id,
      roles: ['agent'],
      email,
      url: `${server.url}/invite`,
    })
    expect(invited).toMatchObject({ userEmail: email, roles: ['agent'], confirm: false, joined: '' })
    expect((await owner.teams.listMemberships({ teamId: team.$id })).total).toBe(2)

    const invitation = await invitationTo(owner, email)
    expect(invitation.mail).toMatchObject({
      subject: 'You are invited to a workspace on Parsedesk',
      state: 'queued',
    })
    expect(invitation.link.origin + invitation.link.pathname).toBe(`${server.url}/invite`)
    expect(invitation).toMatchObject({ teamId: team.$id, membershipId: invited.$id, userId: '' })
    expect(invitation.secret).toMatch(/^[0-9a-f]{64}$/)

    // Someone else holding the link cannot use it; the invited person, signed up with that address, can.
    const stranger = people.eve
    const accept = (user: TPerson, secret = invitation.secret) =>
      user.teams.updateMembershipStatus({
        teamId: team.$id,
        membershipId: invited.$id,
        userId: invitation.userId,
        secret,
      })
    expect(await rejection(accept(stranger))).toMatchObject({
      type: ErrorType.teamInviteMismatch,
      message: TeamMessages.invitationForSomeoneElse,
    })
    const grace = await signUpUser(server.url, 'Grace Hopper', email)
    const graceTeams: TPerson = { ...grace, teams: new Teams(grace.client) }
    expect(await rejection(accept(graceTeams, 'f'.repeat(64)))).toMatchObject({
      type: ErrorType.teamInvalidSecret,
    })
    const joined = await accept(graceTeams)
    expect(joined).toMatchObject({ userId: grace.userId, userName: 'Grace Hopper', confirm: true })
    expect((await graceTeams.teams.list()).teams.map((t) => t.name)).toContain('Invite desk')
    // Single use.
    expect(await rejection(accept(graceTeams))).toMatchObject({ type: ErrorType.teamInvalidSecret })
  })

  it('refuses invitations an agent sends, to a member, twice, to a foreign page, or used after 7 days', async () => {
    const owner = people.olive
    const agent = people.agnes
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Guarded desk' })
    await join(team.$id, agent, ['agent'])
    const url = `${server.url}/invite`
    const invite = (by: TPerson, email: string, roles = ['agent'], at = url) =>
      by.teams.createMembership({ teamId: team.$id, roles, email, url: at })

    expect(await rejection(invite(agent, 'new@example.com'))).toMatchObject({
      message: TeamMessages.notAllowed,
    })
    expect(await rejection(invite(owner, agent.email))).toMatchObject({
      type: ErrorType.teamInviteAlreadyExists,
      message: TeamMessages.alreadyMember,
    })
    await invite(owner, 'twice@example.com')
    expect(await rejection(invite(owner, 'TWICE@example.com'))).toMatchObject({
      message: TeamMessages.alreadyInvited,
    })
    expect(
      await rejection(invite(owner, 'far@example.com', ['agent'], 'https://evil.example/invite')),
    ).toMatchObject({
      type: ErrorType.generalArgumentInvalid,
      message: TeamMessages.invitationUrlForeign,
    })

    const late = await person('Lena Late')
    const invited = await invite(owner, late.email)
    const invitation = await invitationTo(owner, late.email)
    expect(invitation.userId).toBe(late.userId)
    await server.db.query(
      "update memberships set secret_expire = now() - interval '1 second' where id = $1",
      [invited.$id],
    )
    expect(
      await rejection(
        late.teams.updateMembershipStatus({
          teamId: team.$id,
          membershipId: invited.$id,
          userId: late.userId,
          secret: invitation.secret,
        }),
      ),
    ).toMatchObject({ type: ErrorType.teamInvalidSecret, message: TeamMessages.invitationInvalid })
    // The agent sees the members, not the open invitations.
    expect(
      (await agent.teams.listMemberships({ teamId: team.$id })).memberships.every((m) => m.confirm),
    ).toBe(true)
  })

  it('spends the workspace’s hourly invitation budget only on invitations it sends', async () => {
    const owner = people.olive
    const agent = people.agnes
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Budget desk' })
    await join(team.$id, agent, ['agent'])
    const invite = (by: TPerson, email: string) =>
      by.teams.createMembership({ teamId: team.$id, roles: ['agent'], email, url: `${server.url}/invite` })
    // Every invitation of this hour but the last already sent.
    await server.db.query(
      'insert into rate_limit_hits (bucket, key) select $1, $2 from generate_series(1, $3::int)',
      [INVITATIONS_PER_WORKSPACE.bucket, team.$id, INVITATIONS_PER_WORKSPACE.limit - 1],
    )

    expect(await rejection(invite(agent, 'by-agent@example.com'))).toMatchObject({
      code: 401,
      message: TeamMessages.notAllowed,
    })
    expect(await rejection(invite(people.eve, 'by-outsider@example.com'))).toMatchObject({
      code: 404,
      type: ErrorType.teamNotFound,
    })
    expect(await rejection(invite(owner, agent.email))).toMatchObject({
      type: ErrorType.teamInviteAlreadyExists,
    })
    // The refusals took nothing: the owner still has the hour's last invitation, and then none.
    expect((await invite(owner, 'last@example.com')).userEmail).toBe('last@example.com')
    expect(await rejection(invite(owner, 'one-too-many@example.com'))).toMatchObject({
      code: 429,
      type: ErrorType.generalRateLimitExceeded,
    })
  })

  it('tells open sockets of workspace and membership changes on the teams and memberships channels', async () => {
    const owner = people.olive
    const agent = people.agnes
    const team = await owner.teams.create({ teamId: 'unique()', name: 'Channel desk' })
    await join(team.$id, agent, ['agent'])
    const ownerSocket = await subscribeWithSdk27(owner.client, ['memberships', `teams.${team.$id}`])
    const agentSocket = await subscribeWithSdk27(agent.client, ['memberships', 'teams'])

    const invited = await owner.teams.createMembership({
      teamId: team.$id,
      roles: ['agent'],
      email: `live${Date.now()}@example.com`,
      url: `${server.url}/invite`,
    })
    await owner.teams.updateName({ teamId: team.$id, name: 'Channel desk, renamed' })
    await waitForValue(() => ownerSocket.inbox.of(invited.$id).find((e) => e.event === 'create'), {
      what: 'the invitation on the owner’s socket',
    })
    await waitForValue(() => agentSocket.inbox.of(team.$id).find((e) => e.event === 'update'), {
      what: 'the rename on the agent’s socket',
    })
    expect(ownerSocket.inbox.of(team.$id).map((e) => e.event)).toEqual(['update'])
    // An open invitation is the owners' and admins' business: the agent's socket never saw it.
    await settle()
    expect(agentSocket.inbox.of(invited.$id)).toEqual([])
    for (const { subscription } of [ownerSocket, agentSocket]) await subscription.close()
  })
})
