import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, describe, expect, it } from 'vitest'
import { createLocalFileStorage } from './local-file-storage'

describe('local file storage', () => {
  const dirs: string[] = []
  const storageIn = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-files-'))
    dirs.push(dir)
    return { dir, storage: createLocalFileStorage({ dir }) }
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('keeps what was written under its key, replaces it when written again, and forgets it when removed', async () => {
    const { dir, storage } = storageIn()
    await storage.write('attachments/in-1/1', Buffer.from('first'))
    await storage.write('attachments/in-1/2', Buffer.from('second'))
    await storage.write('attachments/in-1/1', Buffer.from('first, again'))
    expect(await text(storage.openRead('attachments/in-1/1'))).toBe('first, again')
    expect(await text(storage.openRead('attachments/in-1/2'))).toBe('second')
    // Nothing but the files themselves: no temporary copies left behind.
    expect(fs.readdirSync(path.join(dir, 'attachments/in-1')).sort()).toEqual(['1', '2'])
    await storage.remove('attachments/in-1/1')
    expect(fs.existsSync(path.join(dir, 'attachments/in-1/1'))).toBe(false)
  })

  it('makes a folder again that was removed after it was first used', async () => {
    const { dir, storage } = storageIn()
    await storage.write('attachments/in-2/1', Buffer.from('one'))
    fs.rmSync(path.join(dir, 'attachments/in-2'), { recursive: true })
    await storage.write('attachments/in-2/2', Buffer.from('two'))
    expect(await text(storage.openRead('attachments/in-2/2'))).toBe('two')
  })

  it('leaves nothing behind when a write fails', async () => {
    const { dir, storage } = storageIn()
    await storage.write('attachments/in-3/1', Buffer.from('kept'))
    await expect(storage.write('attachments/in-3/2', 42 as never)).rejects.toThrow()
    expect(fs.readdirSync(path.join(dir, 'attachments/in-3'))).toEqual(['1'])
  })

  it('refuses keys that could leave its folder', async () => {
    const { storage } = storageIn()
    await expect(storage.write('../outside', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/)
    await expect(storage.write('/etc/passwd', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/)
  })
})
