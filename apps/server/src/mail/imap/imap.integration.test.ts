import dns from 'node:dns'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { CollectionId, DATABASE_ID, type TImapAccount } from '@parsedesk/contracts'
import { Account, Databases, ID, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/free-port'
import { sdkClient, signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { createTestDatabase, DATABASE_KINDS, TEST_DATABASE_URL } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import { findDovecot, startTestDovecot, type TTestDovecot } from './dovecot.test-kit'

const hasDovecot = findDovecot() !== undefined
const title = hasDovecot
  ? 'IMAP accounts against a real dovecot'
  : 'IMAP accounts (SKIPPED: dovecot is not installed; apt-get install dovecot-imapd)'

type TTicket = { $id: string; email: string; subject: string; body: string }

function message(options: { subject: string; from: string; text: string }): string {
  return [
    `From: ${options.from}`,
    'To: help@customer-company.example',
    `Subject: ${options.subject}`,
    `Message-ID: <${options.subject.replace(/\W+/g, '.')}.${Date.now()}@example.com>`,
    'Date: Thu, 05 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.text,
    '',
  ].join('\r\n')
}

function sdk(user: TSdkUser) {
  const tickets = async (subject: string) =>
    (
      await user.databases.listDocuments({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        queries: [Query.equal('subject', subject)],
      })
    ).documents as unknown as TTicket[]
  return {
    tickets,
    waitForTicket: (subject: string, timeoutMs?: number) =>
      waitForValue(async () => (await tickets(subject))[0], {
        what: `a ticket "${subject}"`,
        timeoutMs: timeoutMs,
      }),
    account: async (id: string) =>
      (await user.databases.getDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: id,
      })) as unknown as TImapAccount,
  }
}

/** Whether the mailbox owner's own client sees the message flagged \Seen. */
async function isSeen(dovecot: TTestDovecot, login: { user: string; password: string }, subject: string) {
  const client = await dovecot.connect(login)
  try {
    await client.mailboxOpen('INBOX')
    const uids = (await client.search({ subject }, { uid: true })) || []
    const [uid] = uids
    if (uid === undefined) return false
    const found = await client.fetchOne(String(uid), { flags: true }, { uid: true })
    return found ? (found.flags?.has('\\Seen') ?? false) : false
  } finally {
    await client.logout()
  }
}

async function setUnseen(dovecot: TTestDovecot, login: { user: string; password: string }, subject: string) {
  const client = await dovecot.connect(login)
  try {
    await client.mailboxOpen('INBOX')
    const uids = (await client.search({ subject }, { uid: true })) || []
    await client.messageFlagsRemove(uids.join(','), ['\\Seen'], { uid: true })
  } finally {
    await client.logout()
  }
}

describe.skipIf(!hasDovecot).each(DATABASE_KINDS)(`${title} (%s)`, (database) => {
  let dovecot: TTestDovecot
  let dataDir: string
  let dropDatabase: (() => Promise<void>) | undefined
  let env: Record<string, string>
  let server: TTestServer
  let user: TSdkUser
  const login = { user: 'alice', password: 'alice-imap-secret-8841' }

  const connectAccount = (data: Record<string, unknown>) =>
    user.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: ID.unique(),
      data: { host: dovecot.host, port: dovecot.port, secure: false, ...data },
    }) as unknown as Promise<TImapAccount>

  beforeAll(async () => {
    dovecot = await startTestDovecot({ users: [{ name: login.user, password: login.password }] })
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-imap-'))
    const pg =
      database === 'postgres' && TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : undefined
    dropDatabase = pg?.drop
    // Our own data dir and database, so a second server can start on what the first one left.
    // dovecot listens on 127.0.0.1, an address users may not reach unless the operator allows it.
    env = { DATA_DIR: dataDir, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...(pg ? { DATABASE_URL: pg.url } : {}) }
    server = await startTestServer({ database: 'pglite', env })
    user = await signUpUser(server.url)
  })

  afterAll(async () => {
    await server?.stop()
    await dropDatabase?.()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    await dovecot?.stop()
  })

  it('turns waiting mail into tickets, hears new mail through IDLE and never shows the password', async () => {
    await dovecot.deliver({
      ...login,
      raw: message({
        subject: 'IMAP: order 7730 arrived broken',
        from: 'Nora <nora@example.com>',
        text: 'The vase is broken.',
      }),
    })
    const created = await connectAccount({ username: login.user, password: login.password })
    expect(created.password).toBe('')
    expect(created.status).toBe('connecting')

    const first = await sdk(user).waitForTicket('IMAP: order 7730 arrived broken')
    expect(first.email).toBe('nora@example.com')
    expect(first.body).toContain('The vase is broken.')
    await waitForValue(async () => ((await isSeen(dovecot, login, 'order 7730')) ? true : undefined), {
      what: '\\Seen flag',
    })

    const connected = await waitForValue(
      async () => {
        const account = await sdk(user).account(created.$id)
        return account.status === 'connected' && account.mode === 'idle' ? account : undefined
      },
      { what: 'the account to be connected in IDLE mode' },
    )
    expect(connected.password).toBe('')
    expect(connected.lastError).toBeNull()

    // The poll interval is a minute: only IDLE brings this one in within seconds.
    await dovecot.deliver({
      ...login,
      raw: message({
        subject: 'IMAP: second message while connected',
        from: 'omar@example.com',
        text: 'Still waiting.',
      }),
    })
    const second = await sdk(user).waitForTicket('IMAP: second message while connected', 10_000)
    expect(second.email).toBe('omar@example.com')

    const { rows } = await server.db.query<{ password: string }>('select password from imap_accounts')
    expect(rows[0]?.password).toMatch(/^v1:/)
    expect(rows[0]?.password).not.toContain(login.password)
  })

  it('does not make a second ticket after a restart, even for a message stored but not yet flagged', async () => {
    const subject = 'IMAP: order 7730 arrived broken'
    // As if the process had died after storing the message but before flagging it.
    await setUnseen(dovecot, login, 'order 7730')
    await server.stop()
    server = await startTestServer({ database: 'pglite', env })
    const client = sdkClient(server.url)
    const session = await new Account(client).createEmailPasswordSession({
      email: user.email,
      password: user.password,
    })
    client.setSession(session.secret)
    user = { ...user, client, account: new Account(client), databases: new Databases(client) }

    await waitForValue(async () => ((await isSeen(dovecot, login, 'order 7730')) ? true : undefined), {
      what: '\\Seen again',
    })
    await dovecot.deliver({
      ...login,
      raw: message({ subject: 'IMAP: after the restart', from: 'pat@example.com', text: 'New one.' }),
    })
    await sdk(user).waitForTicket('IMAP: after the restart')
    expect(await sdk(user).tickets(subject)).toHaveLength(1)
    expect(await sdk(user).tickets('IMAP: second message while connected')).toHaveLength(1)
  })

  it('shows a wrong password on the account, without the password, and recovers once it is corrected', async () => {
    const wrong = 'not-the-right-one-5512'
    const created = await connectAccount({ username: login.user, password: wrong, folder: 'INBOX' })
    const failed = await waitForValue(
      async () => {
        const account = await sdk(user).account(created.$id)
        return account.status === 'error' ? account : undefined
      },
      { what: 'the sign-in error' },
    )
    expect(failed.lastError).toMatch(/Sign-in to 127\.0\.0\.1:\d+ failed: check the user name and password/)
    expect(failed.lastError).not.toContain(wrong)

    const updated = (await user.databases.updateDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: created.$id,
      data: { password: login.password },
    })) as unknown as TImapAccount
    expect(updated.password).toBe('')
    await waitForValue(
      async () => {
        const account = await sdk(user).account(created.$id)
        return account.status === 'connected' ? account : undefined
      },
      { what: 'the corrected account to connect' },
    )
  })

  it('records a server that is down on the account, in words that tell no port state, and keeps running', async () => {
    const closedPort = await freePort()
    // A port where something that is not IMAP answers, and one where nothing answers at all.
    const notImap = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n'))
    await new Promise<void>((resolve) => notImap.listen(0, '127.0.0.1', resolve))
    const notImapPort = (notImap.address() as net.AddressInfo).port
    const failedAt = async (port: number) => {
      const created = await connectAccount({ port, username: login.user, password: login.password })
      const failed = await waitForValue(
        async () => {
          const account = await sdk(user).account(created.$id)
          return account.status === 'error' ? account : undefined
        },
        { what: 'the connection error' },
      )
      await user.databases.deleteDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: created.$id,
      })
      return failed.lastError?.replace(String(port), 'PORT')
    }
    try {
      const closed = await failedAt(closedPort)
      expect(closed).toBe(
        'Could not reach an IMAP server at 127.0.0.1:PORT: check the host, the port and the TLS setting',
      )
      expect(await failedAt(notImapPort)).toBe(closed)
    } finally {
      notImap.close()
    }
    await dovecot.deliver({
      ...login,
      raw: message({ subject: 'IMAP: still working', from: 'lou@example.com', text: 'Hello?' }),
    })
    await sdk(user).waitForTicket('IMAP: still working')
  })

  it('refuses an account with a malformed host or port, with the reason', async () => {
    await expect(connectAccount({ host: 'not a host!', username: 'x', password: 'y' })).rejects.toMatchObject(
      {
        code: 400,
        message: expect.stringContaining('Enter the IMAP server name'),
      },
    )
    await expect(connectAccount({ port: 70000, username: 'x', password: 'y' })).rejects.toMatchObject({
      code: 400,
      message: expect.stringContaining('The port is a number from 1 to 65535'),
    })
  })
})

const MAX_BYTES = 100_000

describe.skipIf(!hasDovecot)('IMAP polling when the server has no IDLE', () => {
  let dovecot: TTestDovecot
  let server: TTestServer
  let user: TSdkUser
  let accountId: string
  const login = { user: 'bob', password: 'bob-imap-secret-1209' }

  beforeAll(async () => {
    dovecot = await startTestDovecot({
      users: [{ name: login.user, password: login.password }],
      withoutIdle: true,
    })
    server = await startTestServer({
      database: 'pglite',
      env: { IMAP_POLL_SECONDS: '1', SMTP_MAX_BYTES: String(MAX_BYTES), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    })
    user = await signUpUser(server.url)
  })

  afterAll(async () => {
    await server?.stop()
    await dovecot?.stop()
  })

  it('polls, and moves each stored message to the folder the owner chose', async () => {
    const created = (await user.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: ID.unique(),
      data: {
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        username: login.user,
        password: login.password,
        moveTo: 'Parsedesk',
      },
    })) as unknown as TImapAccount
    accountId = created.$id
    await waitForValue(
      async () => {
        const account = await sdk(user).account(accountId)
        return account.status === 'connected' && account.mode === 'poll' ? account : undefined
      },
      { what: 'the account to poll' },
    )

    await dovecot.deliver({
      ...login,
      raw: message({ subject: 'IMAP poll: refund', from: 'kim@example.com', text: 'Refund please.' }),
    })
    await sdk(user).waitForTicket('IMAP poll: refund')
    const client = await dovecot.connect(login)
    try {
      await waitForValue(
        async () => {
          const inbox = await client.status('INBOX', { messages: true })
          const moved = await client.status('Parsedesk', { messages: true })
          return inbox && moved && inbox.messages === 0 && moved.messages === 1 ? true : undefined
        },
        { what: 'the message to be moved' },
      )
    } finally {
      await client.logout()
    }
  })

  it('leaves mail alone while the owner has the account disabled, and fetches it once enabled again', async () => {
    const update = (data: Record<string, unknown>) =>
      user.databases.updateDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: accountId,
        data,
      }) as unknown as Promise<TImapAccount>
    expect((await update({ enabled: false })).status).toBe('disabled')
    // The worker lets go of a disabled account; from then on nothing reads the mailbox.
    await waitForValue(
      async () => {
        const { rows } = await server.db.query<{ lease_owner: string | null }>(
          'select lease_owner from imap_accounts where id = $1',
          [accountId],
        )
        return rows[0]?.lease_owner === null ? true : undefined
      },
      { what: 'the worker to let go of the account' },
    )
    const subject = 'IMAP poll: sent while disabled'
    await dovecot.deliver({ ...login, raw: message({ subject, from: 'kim@example.com', text: 'Anyone?' }) })
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(await sdk(user).tickets(subject)).toHaveLength(0)
    expect((await sdk(user).account(accountId)).status).toBe('disabled')

    await update({ enabled: true })
    await sdk(user).waitForTicket(subject)
  })

  it('shows a move the server refuses on the account, and moves the message once it can, with one ticket', async () => {
    const owner = await dovecot.connect(login)
    try {
      // Someone deletes the folder Parsedesk files mail into.
      await owner.mailboxDelete('Parsedesk')
    } finally {
      await owner.logout()
    }
    const subject = 'IMAP poll: folder deleted'
    await dovecot.deliver({ ...login, raw: message({ subject, from: 'kim@example.com', text: 'Where to?' }) })
    const failed = await waitForValue(
      async () => {
        const account = await sdk(user).account(accountId)
        return account.status === 'error' ? account : undefined
      },
      { what: 'the refused move on the account' },
    )
    expect(failed.lastError).toMatch(/^The server refused to move message \d+ to "Parsedesk": .*exist/)

    // Retried: reconnecting makes the folder again, and the message stored first is a duplicate.
    await waitForValue(
      async () => {
        const account = await sdk(user).account(accountId)
        return account.status === 'connected' && account.lastError === null ? true : undefined
      },
      { what: 'the account to recover' },
    )
    const client = await dovecot.connect(login)
    try {
      await waitForValue(
        async () => {
          const inbox = await client.status('INBOX', { messages: true })
          const moved = await client.status('Parsedesk', { messages: true })
          return inbox && moved && inbox.messages === 0 && moved.messages === 1 ? true : undefined
        },
        { what: 'the message to be moved' },
      )
    } finally {
      await client.logout()
    }
    expect(await sdk(user).tickets(subject)).toHaveLength(1)
  })

  it('leaves a message over the size limit unread and says so on the account', async () => {
    const subject = 'IMAP poll: huge scan'
    await dovecot.deliver({
      ...login,
      raw: message({ subject, from: 'kim@example.com', text: 'x'.repeat(MAX_BYTES + 1000) }),
    })
    const account = await waitForValue(
      async () => {
        const current = await sdk(user).account(accountId)
        return current.lastError ? current : undefined
      },
      { what: 'the size note on the account' },
    )
    expect(account.status).toBe('connected')
    expect(account.lastError).toMatch(
      /^A message of 0\.1 MB \(UID \d+\) is over the 0\.1 MB limit and was left unread$/,
    )
    expect(await sdk(user).tickets(subject)).toHaveLength(0)
    expect(await isSeen(dovecot, login, 'huge scan')).toBe(false)
  })
})

describe.each(DATABASE_KINDS)('IMAP accounts reach only the public internet (%s)', (database) => {
  let server: TTestServer
  let user: TSdkUser

  beforeAll(async () => {
    server = await startTestServer({ database })
    user = await signUpUser(server.url)
  })
  afterAll(() => server?.stop())

  const create = (host: string, port = 993) =>
    user.databases.createDocument({
      databaseId: DATABASE_ID,
      collectionId: CollectionId.imapAccounts,
      documentId: ID.unique(),
      data: { host, port, secure: true, username: 'victim', password: 'their-real-password' },
    }) as unknown as Promise<TImapAccount>

  it('refuses at once a host that is an internal address in any form, or localhost', async () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0177.0.0.1',
      '[::1]',
      '::ffff:127.0.0.1',
      '169.254.169.254',
      '10.0.0.1',
      'localhost',
    ]) {
      await expect(create(host), host).rejects.toMatchObject({
        code: 400,
        message: expect.stringContaining('Parsedesk connects only to mail servers on the public internet'),
      })
    }
    const account = await create('imap.example.com')
    await expect(
      user.databases.updateDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: account.$id,
        data: { host: '169.254.169.254' },
      }),
    ).rejects.toMatchObject({ code: 400 })
  })

  it('never connects to a name that resolves to an internal address, and says why on the account', async () => {
    // This machine's own name resolves to one of its addresses (loopback or private), never a public one.
    const host = os.hostname()
    expect(ipIsInternal((await dns.promises.lookup(host)).address)).toBe(true)
    let connections = 0
    const trap = net.createServer((socket) => {
      connections += 1
      socket.destroy()
    })
    await new Promise<void>((resolve) => trap.listen(0, resolve))
    try {
      const created = await create(host, (trap.address() as net.AddressInfo).port)
      const failed = await waitForValue(
        async () => {
          const account = await sdk(user).account(created.$id)
          return account.status === 'error' ? account : undefined
        },
        { what: 'the refusal on the account' },
      )
      expect(failed.lastError).toBe(
        `${host} is not an address on the public internet: Parsedesk connects only to mail servers on the public internet, and this host is not one (the administrator can allow it with OUTBOUND_ALLOWED_HOSTS)`,
      )
      expect(connections).toBe(0)
    } finally {
      trap.close()
    }
  })
})

function ipIsInternal(address: string): boolean {
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|fe80:|fc|fd)/.test(address)
}
