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

describe('local file storage, for the retention sweep and backups', () => {
  const dirs: string[] = []
  const storageIn = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-files-'))
    dirs.push(dir)
    return { dir, storage: createLocalFileStorage({ dir }) }
  }
  const listed = async (storage: ReturnType<typeof createLocalFileStorage>, writtenBefore: Date) => {
    const keys: string[] = []
    for await (const key of storage.listKeys({ writtenBefore })) keys.push(key)
    return keys.sort()
  }
  const anHourAgo = () => new Date(Date.now() - 3_600_000)
  const age = (file: string) =>
    fs.utimesSync(file, new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000))
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('removes a folder with its last file', async () => {
    const { dir, storage } = storageIn()
    await storage.write('attachments/in-1/1', Buffer.from('one'))
    await storage.write('attachments/in-1/2', Buffer.from('two'))
    await storage.remove('attachments/in-1/1')
    expect(fs.readdirSync(path.join(dir, 'attachments/in-1'))).toEqual(['2'])
    await storage.remove('attachments/in-1/2')
    expect(fs.readdirSync(path.join(dir, 'attachments'))).toEqual([])
  })

  it('lists keys written before a moment, never a half-written copy', async () => {
    const { dir, storage } = storageIn()
    await storage.write('attachments/in-1/1', Buffer.from('old'))
    await storage.write('attachments/in-2/1', Buffer.from('new'))
    fs.writeFileSync(path.join(dir, 'attachments/in-1/2.0a1b2c.tmp'), 'half')
    age(path.join(dir, 'attachments/in-1/1'))
    age(path.join(dir, 'attachments/in-1/2.0a1b2c.tmp'))
    expect(await listed(storage, anHourAgo())).toEqual(['attachments/in-1/1'])
    expect(await listed(storage, new Date(Date.now() + 1_000))).toEqual([
      'attachments/in-1/1',
      'attachments/in-2/1',
    ])
  })

  it('removes old half-written copies and old empty folders, and leaves new ones to the writes under way', async () => {
    const { dir, storage } = storageIn()
    fs.mkdirSync(path.join(dir, 'attachments/in-1'), { recursive: true })
    fs.mkdirSync(path.join(dir, 'attachments/in-2/inner'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'attachments/in-1/1.0a1b2c.tmp'), 'half')
    for (const entry of [
      'attachments/in-1/1.0a1b2c.tmp',
      'attachments/in-1',
      'attachments/in-2/inner',
      'attachments/in-2',
    ])
      age(path.join(dir, entry))
    fs.mkdirSync(path.join(dir, 'attachments/in-3'))
    fs.writeFileSync(path.join(dir, 'attachments/in-3/1.3d4e5f.tmp'), 'being written')
    expect(await storage.removeLeftovers({ changedBefore: anHourAgo() })).toEqual({
      partialWrites: 1,
      folders: 2,
    })
    // in-1 was emptied just now, so it waits for the next sweep; in-2 held only an empty folder.
    expect(fs.readdirSync(path.join(dir, 'attachments')).sort()).toEqual(['in-1', 'in-3'])
    expect(fs.readdirSync(path.join(dir, 'attachments/in-3'))).toEqual(['1.3d4e5f.tmp'])
  })

  it('holds removals until every hold is released', async () => {
    const { dir, storage } = storageIn()
    await storage.write('attachments/in-1/1', Buffer.from('kept for the copy'))
    const first = storage.holdRemovals()
    const second = storage.holdRemovals()
    await storage.remove('attachments/in-1/1')
    await first()
    expect(await text(storage.openRead('attachments/in-1/1'))).toBe('kept for the copy')
    await second()
    expect(fs.existsSync(path.join(dir, 'attachments/in-1'))).toBe(false)
  })
})
