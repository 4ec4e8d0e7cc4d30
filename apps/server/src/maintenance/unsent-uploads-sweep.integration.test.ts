import { ErrorType, ReplyLimits, ReplyMessages } from '@parsedesk/contracts'
import { type Models, Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TFileStorage } from '../files/file-storage'
import { openFileStorage } from '../files/open-file-storage'
import { startTestS3, type TTestS3 } from '../files/s3.test-kit'
import {
  mailWithAttachment,
  readMailbox,
  sendRaw,
  sessionOf,
  startMailTestServer,
  type TMailTestServer,
} from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { signUpOwnerAndAgent } from '../teams/team.test-kit'
import { rejection, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { sweepUnsentUploads } from './unsent-uploads-sweep'

const BUCKET = 'attachments'
const GRACE_MS = ReplyLimits.unsentUploadHours * 60 * 60_000
// Every database on local disk, and one on an S3-compatible bucket: the bytes go through the storage.
const CASES = [
  ...DATABASE_KINDS.map((database) => ({ database, files: 'disk' as const })),
  { database: 'pglite' as const, files: 's3' as const },
]

type TFile = Models.File & { ticketId: string | null }

const textFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' })

describe.each(CASES)('unsent reply uploads on $database, files on $files', ({ database, files }) => {
  let relay: TTestRelay
  let s3: TTestS3 | undefined
  let server: TMailTestServer
  // The server's storage as the sweep on the worker sees it.
  let storage: TFileStorage
  let olive: TSdkUser
  let agnes: TSdkUser
  let ticketId: string
  let customerFile: TFile

  beforeAll(async () => {
    relay = await startTestRelay()
    s3 = files === 's3' ? await startTestS3() : undefined
    server = await startMailTestServer({ database, env: { SMTP_RELAY_URL: relay.url, ...s3?.env } })
    storage = openFileStorage(server.config.storage)
    ;({ owner: olive, agent: agnes } = await signUpOwnerAndAgent(server.url, {
      owner: 'Olive Owner',
      agent: 'Agnes Agent',
    }))
    const { address } = await readMailbox(olive)
    const raw = mailWithAttachment(address, 'invoice')
    expect((await sendRaw({ port: server.smtpPort, to: address, raw })).accepted).toBe(true)
    const ticket = await waitForValue(
      async () =>
        (
          await olive.databases.listDocuments({
            databaseId: 'main',
            collectionId: 'tickets',
            queries: [Query.equal('subject', 'invoice')],
          })
        ).documents[0],
      { what: 'the customer’s ticket' },
    )
    ticketId = ticket.$id
    ;[customerFile] = (await filesOf(olive, [Query.equal('ticketId', ticketId)])) as [TFile]
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.close()
    await s3?.remove()
    await relay?.close()
  })

  async function filesOf(user: TSdkUser, queries: string[] = []): Promise<TFile[]> {
    const listed = await new Storage(user.client).listFiles({
      bucketId: BUCKET,
      queries: [...queries, Query.limit(100)],
    })
    return listed.files as TFile[]
  }
  const upload = (user: TSdkUser, file: File) =>
    new Storage(user.client).createFile({ bucketId: BUCKET, fileId: 'unique()', file })
  const reply = (body: string, attachmentIds: string[]) =>
    agnes.databases.createDocument({
      databaseId: 'main',
      collectionId: 'messages',
      documentId: 'unique()',
      data: { ticketId, body, attachmentIds },
    })
  const download = async (user: TSdkUser, fileId: string) => {
    const response = await fetch(`${server.url}/v1/storage/buckets/${BUCKET}/files/${fileId}/download`, {
      headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(user) },
    })
    return { status: response.status, text: await response.text() }
  }
  /** Where a file's bytes are kept: the storage is looked at directly, not through the API. */
  const keyOf = async (fileId: string) => {
    const { rows } = await server.db.query<{ storageKey: string }>(
      'select "storageKey" from files where id = $1',
      [fileId],
    )
    return rows[0]?.storageKey as string
  }
  const storedKeys = async () => {
    const keys: string[] = []
    for await (const key of storage.listKeys({ writtenBefore: new Date(Date.now() + 60_000) })) keys.push(key)
    return keys
  }
  const sweepIn = (ms: number) =>
    sweepUnsentUploads({ db: server.db, storage, now: new Date(Date.now() + ms) })

  it('removes an upload no reply sent once its hours are over, row and bytes; the sent file and the customer’s stay', async () => {
    const sent = await upload(agnes, textFile('steps.txt', 'the steps'))
    const dropped = await upload(agnes, textFile('draft.txt', 'abandoned'))
    await reply('See the steps.', [sent.$id])
    const [sentKey, droppedKey, customerKey] = await Promise.all(
      [sent.$id, dropped.$id, customerFile.$id].map(keyOf),
    )
    expect(await storedKeys()).toEqual(expect.arrayContaining([sentKey, droppedKey, customerKey]))

    // A minute short of its hours, the unsent upload is still its uploader's, whole.
    expect(await sweepIn(GRACE_MS - 60_000)).toEqual({ removed: 0 })
    expect(await download(agnes, dropped.$id)).toEqual({ status: 200, text: 'abandoned' })

    // A minute past them, it is gone, from the API and from the storage.
    expect(await sweepIn(GRACE_MS + 60_000)).toEqual({ removed: 1 })
    const gone = await rejection(new Storage(agnes.client).getFile({ bucketId: BUCKET, fileId: dropped.$id }))
    expect(gone).toMatchObject({ code: 404, type: ErrorType.storageFileNotFound })
    expect(await download(agnes, dropped.$id)).toMatchObject({ status: 404 })
    const kept = await storedKeys()
    expect(kept).not.toContain(droppedKey)
    expect(kept).toEqual(expect.arrayContaining([sentKey, customerKey]))

    // The sent file is the ticket's, however old: the workspace reads it, as it reads the customer's.
    expect(await download(olive, sent.$id)).toEqual({ status: 200, text: 'the steps' })
    expect(await download(olive, customerFile.$id)).toEqual({ status: 200, text: '%PDF-1.4 invoice' })
    expect((await filesOf(olive, [Query.equal('ticketId', ticketId)])).map((file) => file.name)).toEqual([
      'invoice.pdf',
      'steps.txt',
    ])
  })

  it(`holds a member to ${ReplyLimits.unsentUploads} unsent uploads at once; a reply frees their places, the sweep the rest`, async () => {
    const held = (await filesOf(agnes)).filter((file) => file.ticketId === null).length
    const uploads: Models.File[] = []
    for (let count = held; count < ReplyLimits.unsentUploads; count++)
      uploads.push(await upload(agnes, textFile(`part${count}.txt`, `part ${count}`)))
    expect(await rejection(upload(agnes, textFile('one-more.txt', 'one more')))).toMatchObject({
      code: 429,
      type: ErrorType.generalRateLimitExceeded,
      message: ReplyMessages.tooManyUnsentUploads,
    })
    // Her uploads hold back no one else.
    expect((await upload(olive, textFile('olive.txt', 'olive'))).sizeOriginal).toBe(5)

    // Sent, two files no longer count against her: the next upload goes.
    const twoSent = uploads.slice(0, 2).map((file) => file.$id)
    await reply('Two parts.', twoSent)
    await upload(agnes, textFile('one-more.txt', 'one more'))

    // A day on, every upload still unsent is removed, hers and Olive's alike, and the sent ones stay.
    const unsentKeys = await Promise.all(
      [...(await filesOf(agnes)), ...(await filesOf(olive))]
        .filter((file) => file.ticketId === null)
        .map((file) => keyOf(file.$id)),
    )
    expect(await sweepIn(GRACE_MS + 60_000)).toEqual({ removed: unsentKeys.length })
    expect((await filesOf(agnes)).filter((file) => file.ticketId === null)).toEqual([])
    expect((await storedKeys()).filter((key) => unsentKeys.includes(key))).toEqual([])
    for (const fileId of twoSent)
      expect(await download(olive, fileId)).toMatchObject({
        status: 200,
        text: expect.stringMatching(/^part /),
      })
  })
})
