import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw, sessionOf, signUpWithMailbox, waitForDecided } from '../mail/mail.test-kit'
import type { TSdkUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { waitForValue } from '../testing/wait-for-value'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts')
const run = promisify(execFile)

/** `npm run backup` / `npm run restore` as their scripts run them (from source here), on DATA_DIR. */
async function command(dataDir: string, args: string[]): Promise<{ code: number; output: string }> {
  const { NODE_ENV: _testMode, ...env } = process.env
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

const attachmentOf = (subject: string) => `%PDF-1.4 the invoice of ${subject}`

function mailTo(address: string, subject: string): string {
  return [
    'From: Ada Customer <ada@customer.example>',
    `To: ${address}`,
    `Subject: ${subject}`,
    `Message-ID: <${subject}@customer.example>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    `Mail ${subject}: see the invoice.`,
    '--b',
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(attachmentOf(subject)).toString('base64'),
    '--b--',
    '',
  ].join('\r\n')
}

describe('backup and restore of the embedded database and files', () => {
  let server: TServerProcess
  let user: TSdkUser
  let backups: string
  // Each mail's subject and the moment its 250 came back.
  const acknowledged: { subject: string; at: number }[] = []
  let backupStarted = 0
  let backupEnded = 0
  let backupRun: { code: number; output: string }

  beforeAll(async () => {
    server = await startServerProcess({ database: 'pglite' })
    backups = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-backups-'))
    const signedUp = await signUpWithMailbox(server.url, 'Ada')
    user = signedUp.user
    // Three senders, one mail at a time each, until the backup is over and some more mail came after it.
    let sending = true
    const sender = async (lane: number) => {
      for (let n = 0; sending; n += 1) {
        const subject = `lane${lane}-mail${n}`
        const raw = mailTo(signedUp.mailbox.address, subject)
        const sent = await sendRaw({ port: server.smtpPort, to: signedUp.mailbox.address, raw })
        if (sent.code === 250) acknowledged.push({ subject, at: performance.now() })
      }
    }
    const senders = [0, 1, 2].map(sender)
    await waitForValue(() => acknowledged.length >= 15, { what: '15 mails acknowledged' })
    backupStarted = performance.now()
    backupRun = await command(server.dataDir, ['backup', path.join(backups, 'while-running')])
    backupEnded = performance.now()
    await waitForValue(() => acknowledged.filter((mail) => mail.at > backupEnded).length >= 3, {
      what: 'mail after the backup',
    })
    sending = false
    await Promise.all(senders)
  })

  afterAll(async () => {
    await server?.stop()
    if (backups) fs.rmSync(backups, { recursive: true, force: true })
  })

  it('is taken by the running server while mail keeps arriving', () => {
    expect(backupRun.output).toMatch(/backed up by the running server to .*while-running: the database as of/)
    expect(backupRun.code).toBe(0)
    expect(
      acknowledged.filter((mail) => mail.at > backupStarted && mail.at < backupEnded).length,
    ).toBeGreaterThan(0)
    // Private as DATA_DIR is: the folder and everything in it the server user's alone.
    const folder = path.join(backups, 'while-running')
    for (const entry of ['', 'database.tar.gz', 'backup.json', 'secret.key']) {
      expect(fs.statSync(path.join(folder, entry)).mode & 0o077, entry).toBe(0)
    }
  })

  it('refuses a restore while the server runs, and writes nothing', async () => {
    const refused = await command(server.dataDir, ['restore', path.join(backups, 'while-running')])
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/another Parsedesk process has .* open .*: stop it first/)
    expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith('replaced-'))).toEqual([])
  })

  it('restores every mail acknowledged before the backup, with its attachment, and none after it', async () => {
    expect(await server.kill('SIGTERM')).toBe(0)
    const restored = await command(server.dataDir, ['restore', path.join(backups, 'while-running')])
    expect(restored.output).toMatch(/restored .* what was there is in .*replaced-/)
    expect(restored.code).toBe(0)
    await server.restart()

    const before = acknowledged.filter((mail) => mail.at < backupStarted).map((mail) => mail.subject)
    const after = acknowledged.filter((mail) => mail.at > backupEnded).map((mail) => mail.subject)
    // Mail stored but still unparsed at the backup is parsed now.
    const deliveries = await waitForDecided(user, before.length)
    const subjects = deliveries.map((delivery) => delivery.subject as string)
    expect(subjects).toEqual(expect.arrayContaining(before))
    expect(subjects.filter((subject) => after.includes(subject))).toEqual([])
    expect(new Set(subjects).size).toBe(subjects.length)

    const storage = new Storage(user.client)
    for (const delivery of deliveries) {
      expect(delivery.status).toBe('ticket')
      const [file] = (
        await storage.listFiles({
          bucketId: 'attachments',
          queries: [Query.equal('ticketId', delivery.ticketId ?? '')],
        })
      ).files
      const download = await fetch(
        `${server.url}/v1/storage/buckets/attachments/files/${file?.$id}/download`,
        {
          headers: { 'X-Appwrite-Project': 'parsedesk', 'X-Appwrite-Session': sessionOf(user) },
        },
      )
      expect(await download.text()).toBe(attachmentOf(delivery.subject as string))
    }
  })

  it('is taken with the server stopped too, holding DATA_DIR meanwhile, and never over another backup', async () => {
    await server.kill('SIGTERM')
    const offline = await command(server.dataDir, ['backup', path.join(backups, 'stopped')])
    expect(offline.output).toMatch(/backed up \(no server was running\) to .*stopped/)
    expect(offline.code).toBe(0)
    // A backup never overwrites one.
    const again = await command(server.dataDir, ['backup', path.join(backups, 'stopped')])
    expect(again.output).toMatch(/is not empty: name a new folder/)
    expect(again.code).toBe(1)
    expect(JSON.parse(fs.readFileSync(path.join(backups, 'stopped/backup.json'), 'utf8'))).toMatchObject({
      format: 1,
      database: 'pglite',
      secretKey: true,
    })
  })
})
