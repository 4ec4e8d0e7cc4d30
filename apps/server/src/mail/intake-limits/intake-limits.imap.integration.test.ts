import { CollectionId, DATABASE_ID, type TFloodingSender } from '@parsedesk/contracts'
import { type Client, ID, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import { findDovecot, startTestDovecot, type TTestDovecot } from '../imap/dovecot.test-kit'

const hasDovecot = findDovecot() !== undefined
const title = hasDovecot
  ? 'IMAP mail over the intake limits stays on a real dovecot until it may come in'
  : 'IMAP intake limits (SKIPPED: dovecot is not installed; apt-get install dovecot-imapd)'

const PER_SENDER = 2
const FLOODER = 'flood@imap-attacker.example'

function message(options: { subject: string; from: string }): string {
  return [
    `From: ${options.from}`,
    'To: help@customer-company.example',
    `Subject: ${options.subject}`,
    `Message-ID: <${options.subject.replace(/\W+/g, '.')}.${Date.now()}@example.com>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${options.subject}, please`,
    '',
  ].join('\r\n')
}

function call<T>(client: Client, method: string, path: string): Promise<T> {
  return client.call(method, new URL(`${client.config.endpoint}${path}`))
}

describe.skipIf(!hasDovecot).each(DATABASE_KINDS)(`${title} (%s)`, (database) => {
  let dovecot: TTestDovecot
  let server: TTestServer
  let user: TSdkUser
  const login = { user: 'flooded', password: 'flooded-imap-secret-2291' }

  beforeAll(async () => {
    dovecot = await startTestDovecot({ users: [{ name: login.user, password: login.password }] })
    server = await startTestServer({
      database,
      env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', INTAKE_PER_SENDER_PER_MINUTE: String(PER_SENDER) },
    })
    user = await signUpUser(server.url)
  })
  afterAll(async () => {
    await server?.stop()
    await dovecot?.stop()
  })

  const subjects = async () => {
    const { documents } = await user.databases.listDocuments({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.tickets,
      queries: [Query.limit(100)],
    })
    return (documents as unknown as { subject: string }[]).map((t) => t.subject).sort()
  }

  const unread = async () => {
    const client = await dovecot.connect(login)
    try {
      await client.mailboxOpen('INBOX')
      const uids = (await client.search({ seen: false }, { uid: true })) || []
      if (uids.length === 0) return []
      const found: string[] = []
      for await (const m of client.fetch(uids.join(','), { envelope: true }, { uid: true })) {
        found.push(m.envelope?.subject ?? '')
      }
      return found.sort()
    } finally {
      await client.logout()
    }
  }

  it('leaves mail past the sender limit unread on the server, flags the sender, and fetches it by itself once the minute has passed', async () => {
    for (const [subject, from] of [
      ['Flood 1', FLOODER],
      ['Flood 2', FLOODER],
      ['Flood 3', FLOODER],
      ['A real question', 'Nora <nora@example.com>'],
      ['Flood 4', FLOODER],
    ]) {
      await dovecot.deliver({ ...login, raw: message({ subject: subject!, from: from! }) })
    }
    await user.databases.createDocument({
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
    })

    const { teams } = await call<{ teams: { $id: string }[] }>(user.client, 'get', '/teams')
    const flagged = await waitForValue(
      async () =>
        (
          await call<{ senders: TFloodingSender[] }>(
            user.client,
            'get',
            `/teams/${teams[0]!.$id}/flooding-senders`,
          )
        ).senders[0],
      { what: 'the flooding sender on the dashboard', timeoutMs: 30_000 },
    )
    expect(flagged.sender).toBe(FLOODER)
    await waitForValue(async () => (await subjects()).length === PER_SENDER, {
      what: 'the first two tickets',
    })
    // Fetching stopped at the deferred one, so what came after it waits too, in order, on the server.
    expect(await unread()).toEqual(['A real question', 'Flood 3', 'Flood 4'])
    expect(await subjects()).toEqual(['Flood 1', 'Flood 2'])

    // The minute passes (what the count holds moves back); no message, no poll, no restart is needed.
    await server.db.query(
      `update rate_limit_hits set at = at - interval '61 seconds' where bucket in ('intake-sender', 'intake-mailbox')`,
    )
    await waitForValue(async () => (await subjects()).length === 5, {
      what: 'every message as a ticket',
      timeoutMs: 30_000,
    })
    expect(await subjects()).toEqual(['A real question', 'Flood 1', 'Flood 2', 'Flood 3', 'Flood 4'])
    expect(await unread()).toEqual([])
  })
})
