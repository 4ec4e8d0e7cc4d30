import net from 'node:net'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TFileStorage } from './file-storage'
import { startTestS3, type TTestS3 } from './s3.test-kit'
import { createS3FileStorage } from './s3-file-storage'

async function keysOf(storage: TFileStorage, writtenBefore = new Date(Date.now() + 60_000)) {
  const keys: string[] = []
  for await (const key of storage.listKeys({ writtenBefore })) keys.push(key)
  return keys.sort()
}

describe('S3 file storage, against a local S3 server', () => {
  let s3: TTestS3
  let storage: TFileStorage

  beforeAll(async () => {
    s3 = await startTestS3()
    storage = createS3FileStorage(s3.storageOptions)
  })
  afterAll(async () => {
    await storage?.close()
    await s3?.remove()
  })

  it('keeps what was written under its key, replaces it when written again, and forgets it when removed', async () => {
    await storage.write('attachments/in-1/1', Buffer.from('first'))
    await storage.write('attachments/in-1/2', Buffer.from('second'))
    await storage.write('attachments/in-1/1', Buffer.from('first, again'))
    expect(await text(storage.openRead('attachments/in-1/1'))).toBe('first, again')
    expect(await text(storage.openRead('attachments/in-1/2'))).toBe('second')
    await storage.remove('attachments/in-1/1')
    await storage.remove('attachments/in-1/2')
    await expect(text(storage.openRead('attachments/in-1/1'))).rejects.toMatchObject({ name: 'NoSuchKey' })
    // Removing what is gone already (a removal repeated after a crash) is no error.
    await storage.remove('attachments/in-1/1')
    expect(await keysOf(storage)).toEqual([])
  })

  it('lists the keys written before a moment, for the sweep and backups', async () => {
    const before = new Date(Date.now() - 60_000)
    await storage.write('attachments/in-2/1', Buffer.from('one'))
    await storage.write('attachments/in-3/1', Buffer.from('two'))
    expect(await keysOf(storage)).toEqual(['attachments/in-2/1', 'attachments/in-3/1'])
    expect(await keysOf(storage, before)).toEqual([])
    // A bucket holds no half-written objects and no folders: nothing to remove.
    expect(await storage.removeLeftovers({ changedBefore: new Date() })).toEqual({
      partialWrites: 0,
      folders: 0,
    })
  })

  it('holds removals until every hold is released', async () => {
    const first = storage.holdRemovals()
    const second = storage.holdRemovals()
    await storage.remove('attachments/in-2/1')
    await first()
    expect(await keysOf(storage)).toContain('attachments/in-2/1')
    await second()
    expect(await keysOf(storage)).toEqual(['attachments/in-3/1'])
  })

  it('refuses keys that could leave the bucket’s layout', async () => {
    await expect(storage.write('../escape', Buffer.from('x'))).rejects.toThrow('unsafe storage key')
    await expect(storage.write('attachments/../../x', Buffer.from('x'))).rejects.toThrow('unsafe storage key')
  })

  it('fails a write when the server is down, and has written nothing', async () => {
    await s3.stop()
    try {
      await expect(storage.write('attachments/in-4/1', Buffer.from('lost'))).rejects.toThrow()
    } finally {
      await s3.start()
    }
    expect(await keysOf(storage)).not.toContain('attachments/in-4/1')
  })

  it('fails a write whose connection is cut mid-upload, and the bucket holds no part of it', async () => {
    // Between the storage and the S3 server: passes the first 64 KB of each connection, then cuts it.
    const cutter = net.createServer((client) => {
      const upstream = net.connect(Number(new URL(s3.storageOptions.endpoint).port), '127.0.0.1')
      let passed = 0
      client.on('data', (chunk) => {
        passed += chunk.length
        if (passed <= 64 * 1024) upstream.write(chunk)
        else {
          client.destroy()
          upstream.destroy()
        }
      })
      upstream.on('data', (chunk) => client.write(chunk))
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    })
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve))
    const { port } = cutter.address() as net.AddressInfo
    const cut = createS3FileStorage({ ...s3.storageOptions, endpoint: `http://127.0.0.1:${port}` })
    try {
      await expect(cut.write('attachments/in-5/1', Buffer.alloc(1024 * 1024, 'x'))).rejects.toThrow(
        /ECONNRESET|EPIPE|socket hang up/,
      )
    } finally {
      await cut.close()
      await new Promise((resolve) => cutter.close(resolve))
    }
    expect(await keysOf(storage)).not.toContain('attachments/in-5/1')
  })
})
