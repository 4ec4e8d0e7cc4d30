import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readMailbox, sendRaw } from '../mail/mail.test-kit'
import { signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'

/** Every file and folder under `dir` whose mode lets its group or anyone else in. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    if ((fs.statSync(full).mode & 0o077) !== 0) found.push(full)
  }
  return found
}

describe('the data directory', () => {
  let server: TServerProcess
  beforeAll(async () => {
    server = await startServerProcess({ database: 'pglite' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("keeps the database, attachments and keys the server user's alone, even in a folder once left open", async () => {
    await server.kill('SIGTERM')
    fs.chmodSync(server.dataDir, 0o755)
    await server.restart()
    const user = await signUpUser(server.url, 'Private Files')
    const { address } = await readMailbox(user)
    const raw = [
      'From: Ada <ada@example.com>',
      `To: ${address}`,
      'Subject: with an attachment',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'see the invoice',
      '--b',
      'Content-Type: application/pdf; name="invoice.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 private').toString('base64'),
      '--b--',
      '',
    ].join('\r\n')
    expect(await sendRaw({ port: server.smtpPort, to: address, raw })).toMatchObject({ accepted: true })
    await vi.waitFor(
      () => expect(fs.readdirSync(path.join(server.dataDir, 'files'), { recursive: true })).not.toEqual([]),
      {
        timeout: 20_000,
        interval: 200,
      },
    )

    expect(fs.statSync(server.dataDir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(server.dataDir, 'pglite')).mode & 0o777).toBe(0o700)
    // PGlite gives its own files 0666; the closed folders above them are what keep them private.
    expect(openToOthers(path.join(server.dataDir, 'files'))).toEqual([])
    expect(fs.statSync(path.join(server.dataDir, 'secret.key')).mode & 0o777).toBe(0o600)
  }, 60_000)
})
