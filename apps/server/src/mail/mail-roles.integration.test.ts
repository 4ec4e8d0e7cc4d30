import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type TServerRole } from '../config/config'
import { startServer, type TRunningServer } from '../server'
import { freePort } from '../testing/free-port'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { sendRaw, sessionOf, signUpWithMailbox, TEST_INBOUND_DOMAIN } from './mail.test-kit'

const MESSAGES = 30

/** Both servers share DATA_DIR, as processes on one machine (or one shared volume) do: attachments live there. */
async function startRoles(options: {
  databaseUrl: string
  dataDir: string
  roles: TServerRole[]
}): Promise<TRunningServer> {
  const port = await freePort()
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SMTP_PORT: '0',
    SMTP_HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    INBOUND_DOMAIN: TEST_INBOUND_DOMAIN,
    LOG_LEVEL: 'warn',
  })
  return startServer({ config, roles: new Set(options.roles) })
}

describe.skipIf(!TEST_DATABASE_URL)('SMTP and worker roles in separate servers on one Postgres', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-roles-'))
  let database: { url: string; drop(): Promise<void> }
  let front: TRunningServer
  let worker: TRunningServer | undefined

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL ?? '')
    front = await startRoles({ databaseUrl: database.url, dataDir, roles: ['http', 'smtp'] })
  })
  afterAll(async () => {
    await worker?.close()
    await front?.close()
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('acknowledges mail with no worker running, and a worker started later turns it into tickets', async () => {
    const { user, mailbox } = await signUpWithMailbox(front.url ?? '')
    for (let i = 0; i < MESSAGES; i++) {
      const raw = [
        `From: c${i}@customer.example`,
        `Subject: Role split ${i}`,
        `Message-ID: <roles-${i}@customer.example>`,
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        `Hello ${i}.`,
        '--b',
        `Content-Type: text/plain; name="note-${i}.txt"`,
        'Content-Disposition: attachment',
        '',
        `note ${i}`,
        '--b--',
        '',
      ].join('\r\n')
      expect((await sendRaw({ port: front.smtpPort ?? 0, to: mailbox.address, raw })).accepted).toBe(true)
    }
    const tickets = { databaseId: 'main', collectionId: 'tickets' }
    expect((await user.databases.listDocuments(tickets)).total).toBe(0)

    worker = await startRoles({ databaseUrl: database.url, dataDir, roles: ['worker'] })
    const analysed = await waitForValue(
      async () => {
        const list = await user.databases.listDocuments({
          ...tickets,
          queries: [Query.equal('processing_status', 'completed'), Query.limit(100)],
        })
        // The page and its total are two reads; the page is what a user sees.
        return list.documents.length === MESSAGES ? list.documents : undefined
      },
      { timeoutMs: 60_000, what: 'every ticket analysed by the separate worker' },
    )
    expect(analysed.map((t) => t.subject).sort()).toEqual(
      Array.from({ length: MESSAGES }, (_, i) => `Role split ${i}`).sort(),
    )
    const files = await new Storage(user.client).listFiles({
      bucketId: 'attachments',
      queries: [Query.equal('name', 'note-7.txt')],
    })
    const download = await fetch(
      `${front.url}/v1/storage/buckets/attachments/files/${files.files[0]?.$id}/download`,
      { headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(user) } },
    )
    expect((await download.text()).trim()).toBe('note 7')
  }, 120_000)
})
