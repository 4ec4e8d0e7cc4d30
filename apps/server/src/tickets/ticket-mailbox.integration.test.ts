import {
  CollectionId,
  DATABASE_ID,
  type TImapAccount,
  type TMailboxDirectory,
  type TTicket,
  type TViewAttributes,
  type TViewFiltersInput,
  ViewMailbox,
  ZViewFilters,
} from '@parsedesk/contracts'
import { ID, type Models, Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viewQueries } from '../../../web/src/features/views/view-queries'
import { findDovecot, startTestDovecot, type TTestDovecot } from '../mail/imap/dovecot.test-kit'
import { readMailbox, sendRaw, startMailTestServer, type TMailTestServer } from '../mail/mail.test-kit'
import { signUpOwnerAndAgent } from '../teams/team.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const hasDovecot = findDovecot() !== undefined

function mail(options: { to: string; subject: string }): string {
  return [
    'From: Nora <nora@customer.example>',
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Message-ID: <${options.subject.replace(/\W+/g, '.')}.${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `About ${options.subject}.`,
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('the ticket list by the mailbox tickets came in by, on %s', (database) => {
  let server: TMailTestServer
  let dovecot: TTestDovecot | undefined
  // Ada owns a workspace, Grace is its agent, Eve has a workspace of her own.
  let ada: TSdkUser
  let grace: TSdkUser
  let eve: TSdkUser
  let workspace: string
  let parsingMailbox: string
  let eveMailbox: string
  const login = { user: 'support', password: 'support-imap-secret-5512' }

  beforeAll(async () => {
    dovecot = hasDovecot
      ? await startTestDovecot({ users: [{ name: login.user, password: login.password }] })
      : undefined
    // dovecot listens on 127.0.0.1, which IMAP accounts may reach only when the operator allows it.
    server = await startMailTestServer({ database, env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } })
    ;[{ owner: ada, agent: grace, teamId: workspace }, eve] = await Promise.all([
      signUpOwnerAndAgent(server.url, { owner: 'Ada Lovelace', agent: 'Grace Hopper' }),
      signUpUser(server.url, 'Eve Outsider'),
    ])
    const [adas, eves] = await Promise.all([readMailbox(ada), readMailbox(eve)])
    parsingMailbox = adas.$id
    eveMailbox = eves.$id

    const sent = await Promise.all([
      sendRaw({
        port: server.smtpPort,
        to: adas.address,
        raw: mail({ to: adas.address, subject: 'Printer on fire' }),
      }),
      sendRaw({
        port: server.smtpPort,
        to: eves.address,
        raw: mail({ to: eves.address, subject: 'Eve’s own mail' }),
      }),
    ])
    expect(sent.map((result) => result.accepted)).toEqual([true, true])
    // What a client sends as the mailbox is not what the ticket says: it was filed by the form.
    await ada.databases.createDocument({
      ...TICKETS,
      documentId: ID.unique(),
      data: {
        teamId: workspace,
        email: 'omar@customer.example',
        subject: 'Refund by phone',
        body: 'Logged from a call.',
        mailboxId: parsingMailbox,
      },
    })
    await waitForTicket(ada, 'Printer on fire')
    await waitForTicket(eve, 'Eve’s own mail')
  })

  afterAll(async () => {
    await server?.stop()
    await dovecot?.stop()
  })

  async function listed(user: TSdkUser, filters: TViewFiltersInput, teamId = workspace): Promise<string[]> {
    const list = await user.databases.listDocuments<Models.Document & TTicket>({
      ...TICKETS,
      queries: [Query.equal('teamId', teamId), ...viewQueries(ZViewFilters.parse(filters), user.userId)],
    })
    return list.documents.map((ticket) => ticket.subject)
  }

  function waitForTicket(user: TSdkUser, subject: string): Promise<Models.Document & TTicket> {
    return waitForValue(
      async () =>
        (
          await user.databases.listDocuments<Models.Document & TTicket>({
            ...TICKETS,
            queries: [Query.equal('subject', subject)],
          })
        ).documents[0],
      { what: `a ticket "${subject}"` },
    )
  }

  it('lists mail to the parsing address under it and the form’s tickets under none, for every member', async () => {
    for (const member of [ada, grace]) {
      expect(await listed(member, { mailbox: parsingMailbox })).toEqual(['Printer on fire'])
      expect(await listed(member, { mailbox: ViewMailbox.none })).toEqual(['Refund by phone'])
      expect((await listed(member, {})).sort()).toEqual(['Printer on fire', 'Refund by phone'])
    }
    expect((await waitForTicket(ada, 'Printer on fire')).mailboxId).toBe(parsingMailbox)
    expect((await waitForTicket(ada, 'Refund by phone')).mailboxId).toBeNull()
  })

  it('never shows another workspace’s tickets, whichever mailbox is asked for', async () => {
    const workspaceOfEve = (await new Teams(eve.client).list()).teams[0]?.$id ?? ''
    expect(await listed(eve, { mailbox: parsingMailbox }, workspaceOfEve)).toEqual([])
    expect(await listed(eve, { mailbox: eveMailbox }, workspaceOfEve)).toEqual(['Eve’s own mail'])
    expect(await listed(eve, { mailbox: ViewMailbox.none }, workspaceOfEve)).toEqual([])
    expect(await listed(ada, { mailbox: eveMailbox })).toEqual([])
    const unnamed = await eve.databases.listDocuments({
      ...TICKETS,
      queries: [Query.equal('mailboxId', parsingMailbox)],
    })
    expect(unnamed.documents).toEqual([])
  })

  it('keeps where a ticket came in whatever a member sends', async () => {
    const ticket = await waitForTicket(ada, 'Printer on fire')
    for (const mailboxId of [null, eveMailbox]) {
      const updated = await grace.databases.updateDocument<Models.Document & TTicket>({
        ...TICKETS,
        documentId: ticket.$id,
        data: { mailboxId, status: 'in-progress' },
      })
      expect(updated.status).toBe('in-progress')
      expect(updated.mailboxId).toBe(parsingMailbox)
    }
    expect(await listed(grace, { mailbox: parsingMailbox })).toEqual(['Printer on fire'])
  })

  it('saves a view by mailbox and lists by it again', async () => {
    const saved = await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.views,
      documentId: ID.unique(),
      data: {
        teamId: workspace,
        name: 'Parsing address',
        shared: true,
        filters: { mailbox: parsingMailbox },
      },
    })
    const read = await grace.databases.getDocument<Models.Document & TViewAttributes>({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.views,
      documentId: saved.$id,
    })
    expect(read.filters.mailbox).toBe(parsingMailbox)
    expect(await listed(grace, read.filters)).toEqual(['Printer on fire'])
  })

  it.skipIf(!hasDovecot)('lists mail fetched from a connected IMAP mailbox under that mailbox', async () => {
    if (!dovecot) throw new Error('dovecot is not running')
    await dovecot.deliver({ ...login, raw: mail({ to: 'support@acme.example', subject: 'Invoice twice' }) })
    const account = (await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: ID.unique(),
      data: {
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        username: login.user,
        password: login.password,
      },
    })) as unknown as TImapAccount
    const ticket = await waitForTicket(ada, 'Invoice twice')
    expect(ticket.mailboxId).toBe(account.$id)
    expect(await listed(grace, { mailbox: account.$id })).toEqual(['Invoice twice'])
    expect(await listed(grace, { mailbox: parsingMailbox })).toEqual(['Printer on fire'])
    expect(await listed(grace, { mailbox: ViewMailbox.none })).toEqual(['Refund by phone'])
  })

  it('names the workspace’s mailboxes to every member, an agent too, and to nobody else', async () => {
    const secret = 'helpdesk-imap-secret-7731'
    // Nothing answers on port 1: the account exists (and fails to connect), which is all a name needs.
    const account = (await ada.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: ID.unique(),
      data: { host: '127.0.0.1', port: 1, secure: false, username: 'helpdesk', password: secret },
    })) as unknown as TImapAccount
    const directory = (user: TSdkUser) =>
      user.client.call(
        'get',
        new URL(`${server.url}/v1/teams/${workspace}/mailboxes`),
      ) as Promise<TMailboxDirectory>
    // The agent cannot read the account itself (decision 011), only its name in the directory.
    await expect(
      grace.databases.getDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: account.$id,
      }),
    ).rejects.toMatchObject({ code: 404 })
    const seen = await directory(grace)
    expect(seen.mailboxes).toContainEqual({
      id: parsingMailbox,
      kind: 'address',
      label: (await readMailbox(ada)).address,
    })
    expect(seen.mailboxes).toContainEqual({ id: account.$id, kind: 'imap', label: 'helpdesk on 127.0.0.1' })
    expect(JSON.stringify(seen)).not.toContain(secret)
    expect(seen.mailboxes.map((mailbox) => mailbox.id)).not.toContain(eveMailbox)
    await expect(directory(eve)).rejects.toMatchObject({ code: 404 })
  })

  it('names a new workspace’s address in the directory even when the directory is its first read of mail', async () => {
    const newcomer = await signUpUser(server.url, 'Nia Newcomer')
    const teamId = (await new Teams(newcomer.client).list()).teams[0]?.$id ?? ''
    // The ticket list reads the directory and the mailbox documents at once; the directory may come first.
    const seen = (await newcomer.client.call(
      'get',
      new URL(`${server.url}/v1/teams/${teamId}/mailboxes`),
    )) as TMailboxDirectory
    expect(seen.mailboxes).toEqual([
      { id: expect.any(String), kind: 'address', label: (await readMailbox(newcomer)).address },
    ])
  })

  it('keeps the mailbox on a ticket split off a conversation that came in by it', async () => {
    const ticket = await waitForTicket(ada, 'Printer on fire')
    const answer = `Re: Printer on fire [#${ticket.number}]`
    const address = (await readMailbox(ada)).address
    expect(
      (await sendRaw({ port: server.smtpPort, to: address, raw: mail({ to: address, subject: answer }) }))
        .accepted,
    ).toBe(true)
    const message = await waitForValue(
      async () =>
        (
          await ada.databases.listDocuments({
            databaseId: DATABASE_ID,
            collectionId: CollectionId.messages,
            queries: [Query.equal('ticketId', ticket.$id), Query.equal('subject', answer)],
          })
        ).documents[0],
      { what: 'the answer on the ticket' },
    )
    // A split is asked for by the message it starts from, not by a ticket's attributes (decision 018).
    const split = await grace.databases.createDocument<Models.DefaultDocument>({
      ...TICKETS,
      documentId: ID.unique(),
      data: { splitFrom: message.$id },
    })
    expect(split.mailboxId).toBe(parsingMailbox)
    expect((await listed(grace, { mailbox: parsingMailbox })).sort()).toEqual(['Printer on fire', answer])
  })
})
