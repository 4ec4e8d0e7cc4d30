import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { RemoteImageLimits, RemoteImageMessages } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** A sender's web server: what it serves, and the headers each request reached it with. */
async function startImageHost() {
  const seen: http.IncomingHttpHeaders[] = []
  const server = http.createServer((request, response) => {
    seen.push(request.headers)
    const path = request.url ?? ''
    if (path === '/pixel.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    if (path === '/moved') return response.writeHead(302, { location: '/pixel.png' }).end()
    if (path === '/inside') return response.writeHead(302, { location: 'http://10.1.2.3/pixel.png' }).end()
    if (path === '/logo.svg')
      return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg onload="alert(1)"/>')
    if (path === '/huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' })
      return response.end(Buffer.alloc(RemoteImageLimits.bytes + 1))
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, port, seen, close: () => server.close() }
}

describe.each(DATABASE_KINDS)('"Show images" through the server, on %s', (database) => {
  let server: TTestServer
  let host: Awaited<ReturnType<typeof startImageHost>>
  let ada: TSdkUser

  beforeAll(async () => {
    host = await startImageHost()
    // The sender's server runs on this machine: allowed, as an operator allows a host of theirs.
    server = await startTestServer({ database, env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } })
    ada = await signUpUser(server.url, 'Ada Lovelace')
  })
  afterAll(async () => {
    await server?.stop()
    host?.close()
  })

  const proxied = (url: string, user: TSdkUser | null = ada) =>
    fetch(`${server.url}/v1/remote-images?url=${encodeURIComponent(url)}`, {
      headers: {
        'x-appwrite-project': 'parsedesk',
        ...(user ? { 'x-appwrite-session': user.client.config.session } : {}),
      },
    })
  const refusal = async (response: Response) => ({
    status: response.status,
    message: ((await response.json()) as { message: string }).message,
  })

  it('fetches the image for a member, with none of their cookies or the page as referrer', async () => {
    const response = await proxied(`${host.base}/pixel.png`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
    const reached = host.seen.at(-1)
    expect(reached?.cookie).toBeUndefined()
    expect(reached?.referer).toBeUndefined()
    expect(reached?.['x-appwrite-session']).toBeUndefined()
    expect((await proxied(`${host.base}/moved`)).status).toBe(200)
  })

  it('refuses what is no image, too big, or inside the network, each in words', async () => {
    expect(await refusal(await proxied(`${host.base}/logo.svg`))).toEqual({
      status: 400,
      message: RemoteImageMessages.notImage,
    })
    expect(await refusal(await proxied(`${host.base}/huge.png`))).toEqual({
      status: 400,
      message: RemoteImageMessages.tooBig,
    })
    // Neither this server's own name nor a private address, even by a redirect.
    for (const url of [
      `http://localhost:${host.port}/pixel.png`,
      'http://10.1.2.3/pixel.png',
      `${host.base}/inside`,
    ]) {
      expect(await refusal(await proxied(url))).toEqual({
        status: 400,
        message: RemoteImageMessages.unreachable,
      })
    }
    expect(await refusal(await proxied('file:///etc/passwd'))).toEqual({
      status: 400,
      message: RemoteImageMessages.invalidUrl,
    })
    expect((await proxied(`${host.base}/pixel.png`, null)).status).toBe(401)
  })

  it("refuses a request without an address in the API's words, a guest first as a guest", async () => {
    const bare = (user: TSdkUser | null) =>
      fetch(`${server.url}/v1/remote-images`, {
        headers: {
          'x-appwrite-project': 'parsedesk',
          ...(user ? { 'x-appwrite-session': user.client.config.session } : {}),
        },
      })
    const answer = await refusal(await bare(ada))
    expect(answer.status).toBe(400)
    expect(answer.message).toMatch(/^Invalid `url` param: /)
    expect((await bare(null)).status).toBe(401)
  })

  it(`shows a member at most ${RemoteImageLimits.perMinute} images a minute`, async () => {
    const grace = await signUpUser(server.url, 'Grace Hopper')
    const statuses: number[] = []
    for (let n = 0; n <= RemoteImageLimits.perMinute; n += 1) {
      const response = await proxied(`${host.base}/pixel.png`, grace)
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(RemoteImageLimits.perMinute)
    expect(statuses.at(-1)).toBe(429)
  }, 60_000)
})
