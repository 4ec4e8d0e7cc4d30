import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readMailbox } from '../mail/mail.test-kit'
import { signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { startTestServer, type TTestServer } from '../testing/test-server'

describe('security headers', () => {
  let server: TTestServer
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-web-'))

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Parsedesk</title>')
    server = await startTestServer({ database: 'pglite', roles: ['http'], webDistDir: webDist })
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('sends them on pages, API answers and errors, and forbids framing everywhere', async () => {
    for (const route of ['/', '/auth', '/tickets', '/v1/ping', '/v1/account', '/v1/no-such-route']) {
      const response = await fetch(`${server.url}${route}`)
      const headers = Object.fromEntries(
        ['x-content-type-options', 'referrer-policy', 'x-frame-options'].map((name) => [
          name,
          response.headers.get(name),
        ]),
      )
      expect({ route, headers }).toEqual({
        route,
        headers: {
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'x-frame-options': 'DENY',
        },
      })
      expect(response.headers.get('content-security-policy'), route).toContain("frame-ancestors 'none'")
    }
    const page = await fetch(`${server.url}/auth`)
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe/)
    expect(page.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('the request log', () => {
  let server: TServerProcess
  beforeAll(async () => {
    server = await startServerProcess({ database: 'pglite', roles: 'http', env: { LOG_LEVEL: 'info' } })
  })
  afterAll(() => server?.stop())

  it('never writes a webhook secret from a URL, even for a request that goes nowhere', async () => {
    const user = await signUpUser(server.url, 'Log Reader')
    const mailbox = await readMailbox(user)
    const secret = 'the-webhook-secret-4f9a2c'
    for (const route of [
      `/v1/inbound/${mailbox.$id}/postmark?secret=${secret}`,
      `/v1/nowhere?x=1&secret=${secret}`,
    ]) {
      await fetch(`${server.url}${route}`)
    }
    await fetch(`${server.url}/v1/inbound/${mailbox.$id}/raw?secret=${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: 'Subject: hi\r\n\r\nhello\r\n',
    })
    // The child's log reaches us a little after its answers. The webhook routes themselves log only warnings;
    // the two requests that matched no route are logged at info.
    await vi.waitFor(
      () => expect(server.output().match(/secret=\[redacted\]/g)?.length ?? 0).toBeGreaterThanOrEqual(2),
      {
        timeout: 10_000,
      },
    )
    expect(server.output()).not.toContain(secret)
  })
})
