import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TTestServer } from '../testing/test-server'

/** Follows redirects by hand, carrying cookies, the way a browser would; stops at our own (non-API) pages. */
async function followSignIn(startUrl: string, stopAt: string) {
  let url = startUrl
  let cookie = ''
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]!
    const location = response.headers.get('location')
    if (!location) throw new Error(`no redirect from ${url} (${response.status})`)
    url = new URL(location, url).toString()
    if (url.startsWith(stopAt) && !new URL(url).pathname.startsWith('/v1/')) return { url, cookie }
  }
  throw new Error('too many redirects')
}

describe('Google sign-in through OpenID Connect', () => {
  const provider = new OAuth2Server()
  let server: TTestServer

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.email = 'grace@example.com'
      token.payload.email_verified = true
      token.payload.name = 'Grace Hopper'
      token.payload.sub = 'google-user-1'
    })
    server = await startTestServer({
      database: 'pglite',
      roles: ['http'],
      env: {
        OIDC_ISSUER: provider.issuer.url!,
        GOOGLE_CLIENT_ID: 'parsedesk-test',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await provider.stop()
  })

  it('signs in, lands on /tickets with a session cookie, and the account exists', async () => {
    const origin = server.config.publicUrl
    const start = `${server.url}/v1/account/sessions/oauth2/google?project=parsedesk&success=${encodeURIComponent(
      `${origin}/tickets`,
    )}&failure=${encodeURIComponent(`${origin}/error`)}`
    const { url, cookie } = await followSignIn(start, origin)
    expect(url).toBe(`${origin}/tickets`)
    expect(cookie).toMatch(/^a_session_parsedesk=/)
    const me = await fetch(`${server.url}/v1/account`, { headers: { cookie } })
    expect(await me.json()).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      emailVerification: true,
    })
  })

  it('sends a failed or replayed callback to /error with a reason', async () => {
    const { url } = await followSignIn(
      `${server.url}/v1/account/sessions/oauth2/callback/google/parsedesk?state=forged&code=x`,
      server.config.publicUrl,
    )
    const target = new URL(url)
    expect(target.pathname).toBe('/error')
    expect(target.searchParams.get('error')).toBe('Google sign-in failed')
    expect(target.searchParams.get('error_description')).toMatch(/expired|already used/)
  })

  it('tells the failure page that it failed, never the internals of why', async () => {
    const start = await fetch(`${server.url}/v1/account/sessions/oauth2/google?project=parsedesk`, {
      redirect: 'manual',
    })
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state')
    expect(state).toBeTruthy()
    // A real state with a code the provider never issued: its library's error names the token endpoint.
    const callback = await fetch(
      `${server.url}/v1/account/sessions/oauth2/callback/google/parsedesk?state=${state}&code=never-issued`,
      { redirect: 'manual' },
    )
    const target = new URL(callback.headers.get('location') ?? '')
    expect(target.pathname).toBe('/error')
    expect(target.searchParams.get('error_description')).toBe(
      'Google could not sign you in. Please try again.',
    )
  })

  it('refuses to redirect to another site after sign-in', async () => {
    const start = `${server.url}/v1/account/sessions/oauth2/google?success=${encodeURIComponent('https://evil.example/x')}`
    const { url } = await followSignIn(start, server.config.publicUrl)
    expect(url).toBe(`${server.config.publicUrl}/tickets`)
  })
})
