import fs from 'node:fs'
import path from 'node:path'
import { Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalFileStorage } from '../files/local-file-storage'
import {
  mailWithAttachment,
  sendRaw,
  signUpWithMailbox,
  startMailTestServer,
  type TMailTestServer,
  waitForDecided,
} from '../mail/mail.test-kit'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { sweepRetention } from './retention-sweep'

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3_600_000)

/** Every file and folder under `dir`, as the sweep would find them two hours from now. */
function ageEverything(dir: string) {
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    fs.utimesSync(path.join(dir, String(entry)), TWO_HOURS_AGO, TWO_HOURS_AGO)
  }
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map(
      (entry) =>
        path.relative(dir, path.join(entry.parentPath, entry.name)) + (entry.isDirectory() ? '/' : ''),
    )
    .sort()
}

describe.each(DATABASE_KINDS)('the retention sweep (%s)', (kind) => {
  let server: TMailTestServer
  let filesDir: string
  // subject -> its delivery's id and ticket
  const mail = new Map<string, { inboundId: string; ticketId: string }>()
  let ada: TSdkUser

  async function deliver(user: TSdkUser, address: string, subjects: string[]) {
    for (const subject of subjects) {
      const sent = await sendRaw({
        port: server.smtpPort,
        to: address,
        raw: mailWithAttachment(address, subject),
      })
      expect(sent.code).toBe(250)
    }
    for (const delivery of await waitForDecided(user, subjects.length)) {
      expect(delivery.status).toBe('ticket')
      mail.set(delivery.subject as string, { inboundId: delivery.$id, ticketId: delivery.ticketId as string })
    }
  }
  const of = (subject: string) => mail.get(subject) ?? { inboundId: '-', ticketId: '-' }
  const folderOf = (subject: string) => `attachments/${of(subject).inboundId}/`
  const rawKept = async () =>
    (await server.db.query<{ inbound_id: string }>('select inbound_id from inbound_raw')).rows.map(
      (r) => r.inbound_id,
    )

  beforeAll(async () => {
    server = await startMailTestServer({ database: kind })
    filesDir = path.join(server.config.dataDir, 'files')
    const first = await signUpWithMailbox(server.url, 'Ada')
    ada = first.user
    await deliver(ada, first.mailbox.address, ['recent', 'old', 'deleted', 'cut-short'])
    const other = await signUpWithMailbox(server.url, 'Grace')
    await deliver(other.user, other.mailbox.address, ['workspace-gone'])

    // Deleted through the API: its attachment, folder and raw mail go at once.
    await ada.databases.deleteDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: of('deleted').ticketId,
    })
    // Deleted with a crash before its mail was forgotten: only the ticket row went.
    await server.db.query('delete from tickets where id = $1', [of('cut-short').ticketId])
    // A deleted workspace takes its rows by cascade and leaves the bytes.
    const teams = new Teams(other.user.client)
    const [workspace] = (await teams.list()).teams
    await teams.delete({ teamId: workspace?.$id as string })
    await server.db.query(`update inbound_emails set created_at = now() - interval '40 days' where id = $1`, [
      of('old').inboundId,
    ])
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('removes a deleted ticket’s attachment, folder and raw mail with the ticket, and keeps its delivery', async () => {
    expect(filesUnder(filesDir)).not.toContain(folderOf('deleted'))
    expect(await rawKept()).not.toContain(of('deleted').inboundId)
    const { rows } = await server.db.query<{ status: string }>(
      'select status from inbound_emails where id = $1',
      [of('deleted').inboundId],
    )
    expect(rows).toEqual([{ status: 'ticket' }])
  })

  it('removes what nothing names and raw mail past its days, and nothing else', async () => {
    ageEverything(filesDir)
    // What no row names: a file and a half-written copy (a crash), an empty folder, all two hours old...
    fs.mkdirSync(path.join(filesDir, 'attachments/stray'), { recursive: true })
    fs.writeFileSync(path.join(filesDir, 'attachments/stray/1'), 'stray')
    fs.writeFileSync(path.join(filesDir, `${folderOf('recent')}1.0a1b2c.tmp`), 'half')
    fs.mkdirSync(path.join(filesDir, 'attachments/empty'))
    ageEverything(filesDir)
    // ...and the same made just now: a write whose row is not committed yet looks like this.
    fs.mkdirSync(path.join(filesDir, 'attachments/writing'))
    fs.writeFileSync(path.join(filesDir, 'attachments/writing/1'), 'in flight')
    fs.mkdirSync(path.join(filesDir, 'attachments/made-now'))

    // The old mail's attachment as a crash of the machine may leave a file written without a sync: empty.
    const oldAttachment = path.join(filesDir, `${folderOf('old')}1`)
    const attachmentBytes = fs.readFileSync(oldAttachment)
    fs.writeFileSync(oldAttachment, '')
    fs.utimesSync(oldAttachment, TWO_HOURS_AGO, TWO_HOURS_AGO)

    const storage = createLocalFileStorage({ dir: filesDir })
    const result = await sweepRetention({ db: server.db, storage, rawMailRetentionDays: 30 })

    expect(result).toEqual({
      ticketsForgotten: 1,
      rawMailRemoved: 1,
      // rebuilt from the old mail before its raw bytes went
      attachmentsRebuilt: 1,
      // the deleted workspace's attachment and the stray file
      filesRemoved: 2,
      partialWritesRemoved: 1,
      // attachments/empty; the others went with their last file
      foldersRemoved: 1,
    })
    expect(filesUnder(filesDir)).toEqual(
      [
        'attachments/',
        folderOf('old'),
        `${folderOf('old')}1`,
        folderOf('recent'),
        `${folderOf('recent')}1`,
        'attachments/made-now/',
        'attachments/writing/',
        'attachments/writing/1',
      ].sort(),
    )
    expect(fs.readFileSync(oldAttachment)).toEqual(attachmentBytes)
    expect(attachmentBytes.toString()).toBe('%PDF-1.4 old')
    // Raw mail: the recent one only; the old one's parsed ticket and delivery stay.
    expect(await rawKept()).toEqual([of('recent').inboundId])
    const old = await ada.databases.getDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: of('old').ticketId,
    })
    expect(old.subject).toBe('old')
    expect(JSON.stringify(old.rawJson)).toContain('old: see the invoice')
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from files where "ticketId" = any($1::text[])`,
      [[of('cut-short').ticketId, of('deleted').ticketId]],
    )
    expect(rows).toEqual([{ n: 0 }])
    // A second run finds nothing more.
    expect(await sweepRetention({ db: server.db, storage, rawMailRetentionDays: 30 })).toEqual({
      ticketsForgotten: 0,
      rawMailRemoved: 0,
      attachmentsRebuilt: 0,
      filesRemoved: 0,
      partialWritesRemoved: 0,
      foldersRemoved: 0,
    })
  })

  it('keeps raw mail when no retention is set', async () => {
    await server.db.query(`update inbound_emails set created_at = now() - interval '400 days'`)
    const storage = createLocalFileStorage({ dir: filesDir })
    expect(
      (await sweepRetention({ db: server.db, storage, rawMailRetentionDays: undefined })).rawMailRemoved,
    ).toBe(0)
    expect(await rawKept()).toEqual([of('recent').inboundId])
  })
})
