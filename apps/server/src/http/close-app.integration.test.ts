import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { closeApp } from './close-app'

const FILE = crypto.randomBytes(200 * 1024)
const FILE_PATH = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'close-app-')), 'file.bin')
fs.writeFileSync(FILE_PATH, FILE)

async function servingAFile() {
  const app = Fastify()
  app.get('/file', (_request, reply) =>
    reply.header('content-length', String(FILE.length)).send(fs.createReadStream(FILE_PATH)),
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { app, url: `http://127.0.0.1:${port}/file` }
}

describe('closing the http server', () => {
  // Before: the keep-alive connection of a download just read kept the close waiting 72 s.
  it('stops at once after a file was downloaded on a keep-alive connection', async () => {
    const { app, url } = await servingAFile()
    const response = await fetch(url)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FILE)
    const started = Date.now()
    await closeApp(app, 5_000)
    expect(Date.now() - started).toBeLessThan(2_000)
  }, 10_000)

  it('lets a download in flight finish within the grace', async () => {
    const { app, url } = await servingAFile()
    const response = await fetch(url)
    const closed = closeApp(app, 5_000)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FILE)
    await closed
  }, 10_000)
})
