import { ErrorType, MailboxMessages } from '@parsedesk/contracts'
import { type Models, Query, Storage, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  settle,
  subscribeWithSdk27,
  TICKETS_CHANNEL,
  useRecordingWebSocketInSdk,
} from '../realtime/realtime.test-kit'
import { joinByInvitation } from '../teams/team.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import {
  sendRaw,
  sessionOf,
  startMailTestServer,
  type TMailboxDocument,
  type TMailTestServer,
} from './mail.test-kit'

const TICKETS = { databaseId: 'main', collectionId: 'tickets' }

function mailWithAttachment(subject: string): string {
  return [
    'From: Carol Customer <carol@customer.example>',
    'To: support',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W/g, '')}.${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The export button does nothing since this morning.',
    '--b1',
    'Content-Type: text/plain; name="steps.txt"',
    'Content-Disposition: attachment; filename="steps.txt"',
    '',
    'Click export, wait, nothing.',
    '--b1--',
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('a workspace shares its mail on %s', (database) => {
  let server: TMailTestServer
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let workspaceId: string

  beforeAll(async () => {
    server = await startMailTestServer({ database })
    useRecordingWebSocketInSdk()
    olive = await signUpUser(server.url, 'Olive Owner')
    agnes = await signUpUser(server.url, 'Agnes Agent')
    eve = await signUpUser(server.url, 'Eve Outsider')
    workspaceId = (await new Teams(olive.client).list()).teams[0]!.$id
    await joinByInvitation({
      serverUrl: server.url,
      owner: olive,
      member: agnes,
      teamId: workspaceId,
      roles: ['agent'],
    })
  })
  afterAll(() => server?.stop())

  const mailboxOf = async (user: TSdkUser, teamId = workspaceId) =>
    (
      await user.databases.listDocuments<TMailboxDocument>({
        databaseId: 'main',
        collectionId: 'mailboxes',
        queries: [Query.equal('teamId', teamId)],
      })
    ).documents[0]

  const ticketsOf = async (user: TSdkUser) =>
    (
      await user.databases.listDocuments({
        ...TICKETS,
        queries: [Query.equal('teamId', workspaceId), Query.orderDesc('$createdAt')],
      })
    ).documents

  it('shows every member the workspace’s parsing address, and lets only owners and admins change it', async () => {
    const ownersView = await mailboxOf(olive)
    expect(ownersView?.address).toMatch(/@inbound\.test$/)
    expect((await mailboxOf(agnes))?.address).toBe(ownersView?.address)
    expect(await mailboxOf(eve)).toBeUndefined()

    const regenerate = (user: TSdkUser) =>
      user.databases.updateDocument({
        databaseId: 'main',
        collectionId: 'mailboxes',
        documentId: ownersView!.$id,
        data: { regenerate: true },
      })
    expect(await rejection(regenerate(agnes))).toMatchObject({ code: 401, type: ErrorType.userUnauthorized })
    expect(await rejection(regenerate(eve))).toMatchObject({ code: 404 })
    expect((await mailboxOf(olive))?.address).toBe(ownersView?.address)

    // The webhook secret posts mail into the workspace: owners and admins only, never in the document.
    expect(ownersView).toMatchObject({ webhookSecret: '' })
    const webhookInfo = (user: TSdkUser) =>
      fetch(`${server.url}/v1/inbound/${ownersView!.$id}`, {
        headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(user) },
      })
    const forOwner = await webhookInfo(olive)
    expect(forOwner.status).toBe(200)
    expect(await forOwner.json()).toMatchObject({ secret: expect.stringMatching(/^[\w-]{32}$/) })
    const forAgent = await webhookInfo(agnes)
    expect(forAgent.status).toBe(401)
    expect(await forAgent.json()).toMatchObject({ message: MailboxMessages.webhooksManagersOnly })
    expect((await webhookInfo(eve)).status).toBe(404)

    const connectImap = (user: TSdkUser) =>
      user.databases.createDocument({
        databaseId: 'main',
        collectionId: 'imap_accounts',
        documentId: 'unique()',
        data: {
          host: 'imap.example.com',
          port: 993,
          secure: true,
          username: 'u',
          password: 'p',
          teamId: workspaceId,
        },
      })
    expect(await rejection(connectImap(agnes))).toMatchObject({ code: 401 })
    expect(await rejection(connectImap(eve))).toMatchObject({ code: 401 })
  })

  it('brings mail to every member live, with its files; an outsider reads, lists and hears none of it', async () => {
    const address = (await mailboxOf(olive))!.address
    const agentWatching = await subscribeWithSdk27(agnes.client, [TICKETS_CHANNEL])
    const outsiderWatching = await subscribeWithSdk27(eve.client, [TICKETS_CHANNEL])

    expect(
      (await sendRaw({ port: server.smtpPort, to: address, raw: mailWithAttachment('Export broken') }))
        .accepted,
    ).toBe(true)
    const ticket = await waitForValue(
      async () => (await ticketsOf(agnes)).find((t) => t.subject === 'Export broken'),
      {
        what: 'the mailed ticket in the agent’s list',
      },
    )
    expect(ticket).toMatchObject({ teamId: workspaceId, email: 'carol@customer.example' })
    await waitForValue(() => agentWatching.inbox.of(ticket.$id).length > 0, {
      what: 'the agent’s live event',
    })
    expect((await ticketsOf(olive)).map((t) => t.$id)).toContain(ticket.$id)

    const files = (storageOf: TSdkUser) =>
      new Storage(storageOf.client).listFiles({
        bucketId: 'attachments',
        queries: [Query.equal('ticketId', ticket.$id)],
      })
    const [attachment] = (await files(agnes)).files as (Models.File & { ticketId: string })[]
    expect(attachment?.name).toBe('steps.txt')

    // The outsider: nothing through list, queries, get, files or the socket.
    await settle()
    expect(outsiderWatching.inbox.of(ticket.$id)).toEqual([])
    expect(
      (await eve.databases.listDocuments({ ...TICKETS, queries: [Query.equal('teamId', workspaceId)] }))
        .total,
    ).toBe(0)
    expect(await rejection(eve.databases.getDocument({ ...TICKETS, documentId: ticket.$id }))).toMatchObject({
      code: 404,
    })
    expect((await files(eve)).total).toBe(0)
    expect(
      await rejection(new Storage(eve.client).getFile({ bucketId: 'attachments', fileId: attachment!.$id })),
    ).toMatchObject({ code: 404 })
    for (const { subscription } of [agentWatching, outsiderWatching]) await subscription.close()
  })

  it('files a ticket from the seed’s form (owner-only permissions, no workspace named) into the owner’s workspace', async () => {
    const role = `user:${olive.userId}`
    const filed = await olive.databases.createDocument({
      ...TICKETS,
      documentId: 'unique()',
      data: {
        email: 'dan@customer.example',
        subject: 'Filed by hand',
        body: 'Phoned in',
        status: 'open',
        userId: olive.userId,
        processing_status: 'waiting',
      },
      permissions: [`read("${role}")`, `update("${role}")`, `delete("${role}")`, `write("${role}")`],
    })
    expect(filed).toMatchObject({ teamId: workspaceId, userId: olive.userId })
    expect((await ticketsOf(agnes)).map((t) => t.$id)).toContain(filed.$id)
    // A member works it: the agent changes its status.
    await agnes.databases.updateDocument({
      ...TICKETS,
      documentId: filed.$id,
      data: { status: 'in-progress' },
    })
    expect((await olive.databases.getDocument({ ...TICKETS, documentId: filed.$id })).status).toBe(
      'in-progress',
    )
    // Nobody files into a workspace they are not in, or shares a ticket with someone outside it.
    expect(
      await rejection(
        eve.databases.createDocument({
          ...TICKETS,
          documentId: 'unique()',
          data: { email: 'x@example.com', subject: 'Sneaking in', body: 'b', teamId: workspaceId } as object,
        }),
      ),
    ).toMatchObject({ code: 401 })
    expect(
      await rejection(
        olive.databases.updateDocument({
          ...TICKETS,
          documentId: filed.$id,
          data: {},
          permissions: [`read("user:${eve.userId}")`],
        }),
      ),
    ).toMatchObject({ code: 401 })
  })

  it('ends a removed member’s access to the workspace’s tickets at once', async () => {
    const ines = await signUpUser(server.url, 'Ines Intern')
    const membershipId = await joinByInvitation({
      serverUrl: server.url,
      owner: olive,
      member: ines,
      teamId: workspaceId,
      roles: ['agent'],
    })
    const seen = await ticketsOf(ines)
    expect(seen.length).toBeGreaterThan(0)
    await new Teams(olive.client).deleteMembership({ teamId: workspaceId, membershipId })
    expect(await ticketsOf(ines)).toEqual([])
    expect(
      await rejection(ines.databases.getDocument({ ...TICKETS, documentId: seen[0]!.$id })),
    ).toMatchObject({
      code: 404,
    })
  })
})
