import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restoreBackup, writeBackup } from '../backup/backup'
import { loadConfig, type TServerRole } from '../config/config'
import { ABANDONED_CLAIM } from '../mail/inbound/inbound-queue'
import {
  mailWithAttachment,
  sendRaw,
  sessionOf,
  signUpWithMailbox,
  startMailTestServer,
  type TMailTestServer,
  waitForDecided,
} from '../mail/mail.test-kit'
import { sweepRetention } from '../maintenance/retention-sweep'
import { startServer, type TRunningServer } from '../server'
import { freePort } from '../testing/free-port'
import type { TSdkUser } from '../testing/sdk-client'
import { createTestDatabase, DATABASE_KINDS, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import type { TFileStorage } from './file-storage'
import { startTestS3, type TTestS3 } from './s3.test-kit'
import { createS3FileStorage } from './s3-file-storage'

describe.each(DATABASE_KINDS)('attachments in an S3-compatible bucket (%s)', (kind) => {
  let s3: TTestS3
  let server: TMailTestServer
  // The bucket as another machine sees it: what the server wrote must be there, not on its disk.
  let bucket: TFileStorage
  let ada: TSdkUser
  let address: string

  const objects = async () => {
    const keys: string[] = []
    for await (const key of bucket.listKeys({ writtenBefore: new Date(Date.now() + 60_000) })) keys.push(key)
    return keys.sort()
  }
  const download = (who: TSdkUser, fileId: string) =>
    fetch(`${server.url}/v1/storage/buckets/attachments/files/${fileId}/download`, {
      headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(who) },
    })
  const filesOfTicket = async (ticketId: string) =>
    (
      await new Storage(ada.client).listFiles({
        bucketId: 'attachments',
        queries: [Query.equal('ticketId', ticketId)],
      })
    ).files
  const deliver = async (subject: string) => {
    const sent = await sendRaw({
      port: server.smtpPort,
      to: address,
      raw: mailWithAttachment(address, subject),
    })
    expect(sent.code).toBe(250)
  }
  const ticketOf = async (subject: string, count: number) => {
    const decided = await waitForDecided(ada, count)
    const delivery = decided.find((d) => d.subject === subject)
    expect(delivery?.status).toBe('ticket')
    return { inboundId: delivery?.$id as string, ticketId: delivery?.ticketId as string }
  }

  beforeAll(async () => {
    s3 = await startTestS3()
    bucket = createS3FileStorage(s3.storageOptions)
    server = await startMailTestServer({ database: kind, env: s3.env })
    const signedUp = await signUpWithMailbox(server.url, 'Ada')
    ada = signedUp.user
    address = signedUp.mailbox.address
  })
  afterAll(async () => {
    await server?.stop()
    await bucket?.close()
    await s3?.remove()
  })

  it('keeps an emailed attachment in the bucket: the workspace’s member downloads it, anyone else gets 404', async () => {
    await deliver('invoice')
    const { inboundId, ticketId } = await ticketOf('invoice', 1)
    const [file] = await filesOfTicket(ticketId)
    expect(file?.name).toBe('invoice.pdf')
    expect(await objects()).toEqual([`attachments/${inboundId}/1`])
    expect(fs.existsSync(path.join(server.config.dataDir, 'files'))).toBe(false)

    const got = await download(ada, file?.$id as string)
    expect(got.status).toBe(200)
    expect(await got.text()).toBe('%PDF-1.4 invoice')
    const stranger = await signUpWithMailbox(server.url, 'Mallory')
    expect((await download(stranger.user, file?.$id as string)).status).toBe(404)
  })

  it('with the bucket down, keeps the acknowledged mail and names no missing object; the ticket comes once it is back', async () => {
    await s3.stop()
    try {
      // Acknowledged: the raw mail is committed in the database, which the bucket does not take part in.
      await deliver('while-down')
      // The ingest try that writes the attachment failed, and will be retried after its back-off.
      await waitForValue(
        async () => {
          const { rows } = await server.db.query(
            `select 1 from inbound_emails
             where "status" = 'received' and "attempts" > 0 and "last_error" is distinct from $1`,
            [ABANDONED_CLAIM],
          )
          return rows.length > 0
        },
        { what: 'a failed ingest run' },
      )
      // Not decided, so no ticket and no file row, while its raw mail waits in the database.
      const { rows } = await server.db.query<{ status: string; files: number; raw: boolean }>(
        `select i.status, (select count(*)::int from files f where f."inboundId" = i.id) as files,
                exists (select 1 from inbound_raw r where r.inbound_id = i.id) as raw
           from inbound_emails i where i.status = 'received'`,
      )
      expect(rows).toEqual([{ status: 'received', files: 0, raw: true }])
    } finally {
      await s3.start()
    }
    const { inboundId, ticketId } = await ticketOf('while-down', 2)
    const [file] = await filesOfTicket(ticketId)
    expect(await objects()).toContain(`attachments/${inboundId}/1`)
    expect(await (await download(ada, file?.$id as string)).text()).toBe('%PDF-1.4 while-down')
  })

  it('removes a deleted ticket’s object, and the sweep removes objects no row names', async () => {
    await deliver('to-delete')
    const deleted = await ticketOf('to-delete', 3)
    expect(await objects()).toContain(`attachments/${deleted.inboundId}/1`)
    await ada.databases.deleteDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: deleted.ticketId,
    })
    expect(await objects()).not.toContain(`attachments/${deleted.inboundId}/1`)

    // A deleted workspace's rows go by cascade and leave their objects; a write whose row never came too.
    await bucket.write('attachments/stray/1', Buffer.from('stray'))
    const before = await objects()
    const result = await sweepRetention({
      db: server.db,
      storage: bucket,
      rawMailRetentionDays: undefined,
      // Every object counts as settled: the default waits an hour for a row that may follow its write.
      graceMs: 0,
    })
    expect(result).toMatchObject({ filesRemoved: 1, partialWritesRemoved: 0, foldersRemoved: 0 })
    expect(await objects()).toEqual(before.filter((key) => key !== 'attachments/stray/1'))
    // Every file row has its object, and every object its row.
    const { rows } = await server.db.query<{ storageKey: string }>(
      'select "storageKey" from files order by 1',
    )
    expect(rows.map((row) => row.storageKey)).toEqual(await objects())
    expect(rows).toHaveLength(2)
  })

  // `npm run backup` exists for PGlite only; on PostgreSQL, pg_dump and the bucket's own versioning.
  it.runIf(kind === 'pglite')(
    'backs the bucket’s objects up with the database, and a restore puts them back in the bucket',
    async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-s3-backup-'))
      const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-s3-restored-'))
      try {
        const kept = await objects()
        const target = path.join(folder, 'backup')
        const manifest = await writeBackup({
          db: server.db,
          storage: bucket,
          dataDir: server.config.dataDir,
          target,
        })
        expect(manifest.files).toBe(kept.length)
        // Lost from the bucket after the backup was taken...
        for (const key of kept) await bucket.remove(key)
        await restoreBackup({ source: target, dataDir: restoredDir, storage: bucket })
        // ...and back where the server reads them, not on the restoring machine's disk.
        expect(await objects()).toEqual(kept)
        expect(fs.existsSync(path.join(restoredDir, 'files'))).toBe(false)
        const [file] = await new Storage(ada.client)
          .listFiles({ bucketId: 'attachments' })
          .then((list) => list.files)
        expect((await download(ada, file?.$id as string)).status).toBe(200)
      } finally {
        fs.rmSync(folder, { recursive: true, force: true })
        fs.rmSync(restoredDir, { recursive: true, force: true })
      }
    },
  )
})

describe.skipIf(!TEST_DATABASE_URL)('roles on two machines sharing only PostgreSQL and the bucket', () => {
  // Each server has a DATA_DIR of its own, as on two machines: no shared folder.
  const dataDirs: string[] = []
  let s3: TTestS3
  let database: { url: string; drop(): Promise<void> }
  const servers: TRunningServer[] = []

  async function startMachine(roles: TServerRole[]): Promise<TRunningServer> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-machine-'))
    dataDirs.push(dataDir)
    const port = await freePort()
    const config = loadConfig({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      SMTP_PORT: '0',
      SMTP_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      INBOUND_DOMAIN: 'inbound.test',
      LOG_LEVEL: 'warn',
      ...s3.env,
    })
    const server = await startServer({ config, roles: new Set(roles) })
    servers.push(server)
    return server
  }

  beforeAll(async () => {
    s3 = await startTestS3()
    database = await createTestDatabase(TEST_DATABASE_URL ?? '')
  })
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close()
    await database?.drop()
    await s3?.remove()
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the worker on one writes the attachment, the http role on the other serves it', async () => {
    const front = await startMachine(['http', 'smtp'])
    await startMachine(['worker'])
    const { user, mailbox } = await signUpWithMailbox(front.url ?? '', 'Ada')
    const sent = await sendRaw({
      port: front.smtpPort ?? 0,
      to: mailbox.address,
      raw: mailWithAttachment(mailbox.address, 'shared'),
    })
    expect(sent.code).toBe(250)
    const [delivery] = await waitForDecided(user, 1)
    expect(delivery?.status).toBe('ticket')
    const [file] = (
      await new Storage(user.client).listFiles({
        bucketId: 'attachments',
        queries: [Query.equal('ticketId', delivery?.ticketId as string)],
      })
    ).files
    const got = await fetch(`${front.url}/v1/storage/buckets/attachments/files/${file?.$id}/download`, {
      headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(user) },
    })
    expect(await got.text()).toBe('%PDF-1.4 shared')
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files')), dir).toBe(false)
  })
})
