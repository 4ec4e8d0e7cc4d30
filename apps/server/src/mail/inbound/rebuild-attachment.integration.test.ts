import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import {
  sendRaw,
  sessionOf,
  signUpWithMailbox,
  startMailTestServer,
  type TMailTestServer,
  waitForDecided,
} from '../mail.test-kit'

// Two parts, so a rebuild has to find the right one: a short text and 200 KB that do not compress.
const NOTE = Buffer.from('the order number is 4711\n')
const PHOTO = crypto.randomBytes(200 * 1024)

function mailWithTwoAttachments(to: string): string {
  return [
    'From: Ada Customer <ada@customer.example>',
    `To: ${to}`,
    'Subject: two files',
    `Message-ID: <two-files-${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'Both files attached.',
    '--b',
    'Content-Type: text/plain; name="note.txt"',
    'Content-Disposition: attachment; filename="note.txt"',
    'Content-Transfer-Encoding: base64',
    '',
    NOTE.toString('base64'),
    '--b',
    'Content-Type: image/jpeg; name="photo.jpg"',
    'Content-Disposition: attachment; filename="photo.jpg"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(PHOTO.toString('base64').match(/.{1,76}/g) ?? []),
    '--b--',
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('an attachment a crash spoilt is rebuilt from its mail (%s)', (kind) => {
  let server: TMailTestServer
  let user: TSdkUser
  let inboundId: string
  const files = new Map<string, { id: string; storageKey: string }>()

  const pathOf = (name: string) =>
    path.join(server.config.dataDir, 'files', files.get(name)?.storageKey ?? 'missing')
  const download = (name: string) =>
    fetch(`${server.url}/v1/storage/buckets/attachments/files/${files.get(name)?.id}/download`, {
      headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(user) },
    })

  beforeAll(async () => {
    server = await startMailTestServer({ database: kind })
    const signedUp = await signUpWithMailbox(server.url, 'Ada')
    user = signedUp.user
    const sent = await sendRaw({
      port: server.smtpPort,
      to: signedUp.mailbox.address,
      raw: mailWithTwoAttachments(signedUp.mailbox.address),
    })
    expect(sent.code).toBe(250)
    const [delivery] = await waitForDecided(user, 1)
    expect(delivery?.status).toBe('ticket')
    inboundId = delivery?.$id as string
    const { rows } = await server.db.query<{ id: string; name: string; storageKey: string }>(
      'select id, name, "storageKey" from files where "inboundId" = $1',
      [inboundId],
    )
    for (const row of rows) files.set(row.name, row)
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('is on disk and whole after ingest', async () => {
    expect(fs.readFileSync(pathOf('note.txt'))).toEqual(NOTE)
    expect(fs.readFileSync(pathOf('photo.jpg'))).toEqual(PHOTO)
    const response = await download('photo.jpg')
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PHOTO)
  })

  it('downloads whole when its file is missing, empty or short, and is written back', async () => {
    fs.rmSync(pathOf('photo.jpg'))
    const missing = await download('photo.jpg')
    expect(missing.status).toBe(200)
    expect(Buffer.from(await missing.arrayBuffer())).toEqual(PHOTO)
    expect(fs.readFileSync(pathOf('photo.jpg'))).toEqual(PHOTO)

    // What ext4 can leave of a file renamed into place without a sync: nothing, or less than was written.
    fs.writeFileSync(pathOf('note.txt'), '')
    expect(Buffer.from(await (await download('note.txt')).arrayBuffer())).toEqual(NOTE)
    fs.writeFileSync(pathOf('photo.jpg'), PHOTO.subarray(0, 4096))
    expect(Buffer.from(await (await download('photo.jpg')).arrayBuffer())).toEqual(PHOTO)
    // Same size, other bytes.
    fs.writeFileSync(pathOf('note.txt'), Buffer.alloc(NOTE.length))
    expect(Buffer.from(await (await download('note.txt')).arrayBuffer())).toEqual(NOTE)
    expect(fs.readFileSync(pathOf('note.txt'))).toEqual(NOTE)
  })

  it('is refused, not served spoilt, once its raw mail is gone too', async () => {
    await server.db.query('delete from inbound_raw where inbound_id = $1', [inboundId])
    fs.writeFileSync(pathOf('note.txt'), '')
    const response = await download('note.txt')
    expect(response.status).toBe(500)
    // A whole file needs no raw mail.
    expect(Buffer.from(await (await download('photo.jpg')).arrayBuffer())).toEqual(PHOTO)
  })
})
