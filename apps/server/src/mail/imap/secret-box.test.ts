import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSecretBox, loadSecretKey } from './secret-box'

const dirs: string[] = []
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-secret-'))
  dirs.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('secret box', () => {
  it('opens what it sealed, and the stored value does not contain the password', () => {
    const box = createSecretBox(loadSecretKey({ secretKey: 'a passphrase', dataDir: tempDir() }))
    const sealed = box.seal('hunter2-päss')
    expect(sealed).not.toContain('hunter2')
    expect(box.seal('hunter2-päss')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('hunter2-päss')
  })

  it('refuses a value sealed under another key or altered in storage', () => {
    const dataDir = tempDir()
    const sealed = createSecretBox(loadSecretKey({ secretKey: 'one', dataDir })).seal('pw')
    expect(() => createSecretBox(loadSecretKey({ secretKey: 'two', dataDir })).open(sealed)).toThrow()
    const bytes = Buffer.from(sealed.slice(3), 'base64')
    bytes[bytes.length - 1]! ^= 1
    const box = createSecretBox(loadSecretKey({ secretKey: 'one', dataDir }))
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow()
  })

  it('without SECRET_KEY makes a key file once, readable by the owner only, and keeps using it', () => {
    const dataDir = tempDir()
    const sealed = createSecretBox(loadSecretKey({ secretKey: undefined, dataDir })).seal('pw')
    const file = path.join(dataDir, 'secret.key')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(createSecretBox(loadSecretKey({ secretKey: undefined, dataDir })).open(sealed)).toBe('pw')
  })
})
