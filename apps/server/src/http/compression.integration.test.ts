import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { startTestServer, type TTestServer } from '../testing/test-server'

/** Reads an answer's raw bytes: undici's fetch would undo the encoding, node's http does not. */
async function rawGet(url: string, headers: Record<string, string>) {
  const { request } = await import('node:http')
  return new Promise<{ encoding: string | undefined; body: Buffer; vary: string | undefined }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            encoding: response.headers['content-encoding'],
            vary: response.headers.vary,
            body: Buffer.concat(chunks),
          }),
        )
        response.on('error', reject)
      })
        .on('error', reject)
        .end()
    },
  )
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8')
  return body.toString('utf8')
}

describe('compressed answers', () => {
  let server: TTestServer
  let user: TSdkUser
  let cookie: string
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-web-'))
  const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))}\n`

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'))
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Parsedesk</title>')
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), script)
    server = await startTestServer({ database: 'pglite', roles: ['http'], webDistDir: webDist })
    user = await signUpUser(server.url, 'Compressed Reader')
    for (let i = 0; i < 5; i++) {
      await user.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ID.unique(),
        data: {
          email: 'ada@example.com',
          // Long enough that even the reports CSV of these five is over the compression threshold (1 KB).
          subject: `Refund for order ${i}: ${'the parcel never arrived, '.repeat(8)}`,
          body: 'Please refund me. '.repeat(40),
        },
      })
    }
    const session = await fetch(`${server.url}/v1/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'parsedesk' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    cookie = (session.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ')
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  const listUrl = () =>
    `${server.url}/v1/databases/${DATABASE_ID}/collections/${CollectionId.tickets}/documents`

  it.each(['br', 'gzip'])(
    'sends the ticket list and a script %s-encoded, smaller, with the same content',
    async (encoding) => {
      for (const [url, headers] of [
        [listUrl(), { cookie, 'x-appwrite-project': 'parsedesk' }],
        [`${server.url}/assets/app-1234.js`, {}],
      ] as const) {
        const plain = await rawGet(url, { ...headers, 'accept-encoding': 'identity' })
        const packed = await rawGet(url, { ...headers, 'accept-encoding': encoding })
        expect(plain.encoding, url).toBeUndefined()
        expect(packed.encoding, url).toBe(encoding)
        expect(packed.vary, url).toMatch(/accept-encoding/i)
        expect(packed.body.length, url).toBeLessThan(plain.body.length / 3)
        expect(decode(packed.encoding, packed.body)).toBe(plain.body.toString('utf8'))
      }
      const answer = await rawGet(listUrl(), {
        cookie,
        'x-appwrite-project': 'parsedesk',
        'accept-encoding': encoding,
      })
      const list = JSON.parse(decode(answer.encoding, answer.body)) as { total: number }
      expect(list.total).toBe(5)
    },
  )

  it.each(['br', 'gzip'])(
    'sends the reports CSV, compressed faster, %s-encoded with the same rows',
    async (encoding) => {
      const teamId = (await new Teams(user.client).list()).teams[0]?.$id ?? ''
      // From yesterday: the tickets were written a moment ago, perhaps before midnight.
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
      const [from, to] = [day(Date.now() - 86_400_000), day(Date.now())]
      const query = new URLSearchParams({ teamId, from, to, timeZone: 'UTC', slice: 'all' })
      const url = `${server.url}/v1/reports/tickets.csv?${query}`
      const headers = { cookie, 'x-appwrite-project': 'parsedesk' }
      const plain = await rawGet(url, { ...headers, 'accept-encoding': 'identity' })
      const packed = await rawGet(url, { ...headers, 'accept-encoding': encoding })
      expect(packed.encoding).toBe(encoding)
      expect(decode(packed.encoding, packed.body)).toBe(plain.body.toString('utf8'))
      // Only what every answer offers: deflate gets it plain.
      expect((await rawGet(url, { ...headers, 'accept-encoding': 'deflate' })).encoding).toBeUndefined()
      expect(plain.body.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(6)
    },
  )

  it('prefers brotli when the browser offers both', async () => {
    const answer = await rawGet(`${server.url}/assets/app-1234.js`, {
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(answer.encoding).toBe('br')
    expect(decode('br', answer.body)).toBe(script)
  })
})
