import { Account, ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, sdkClient, signUpUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { SESSION_LIFETIME_MS } from './sessions'

describe.each(DATABASE_KINDS)('accounts and sessions on %s', (database) => {
  let server: TTestServer
  beforeAll(async () => {
    server = await startTestServer({ database, roles: ['http'] })
  })
  afterAll(() => server?.stop())

  it('answers ping', async () => {
    // The SDK wraps a text answer in { message }; the wire carries the plain text.
    expect(await sdkClient(server.url).ping()).toEqual({ message: 'Pong!' })
    const response = await fetch(`${server.url}/v1/ping`)
    expect(await response.text()).toBe('Pong!')
  })

  it('signs up, signs in, reads the account and signs out', async () => {
    const user = await signUpUser(server.url, 'Ada Lovelace')
    const me = await user.account.get()
    expect(me).toMatchObject({ $id: user.userId, email: user.email, name: 'Ada Lovelace' })
    const trial = me as unknown as { trialStartedAt: string; trialEndsAt: string }
    const trialDays = (Date.parse(trial.trialEndsAt) - Date.parse(trial.trialStartedAt)) / 86_400_000
    expect(trialDays).toBe(14)

    const sessions = await user.account.listSessions()
    expect(sessions.total).toBe(1)
    expect(sessions.sessions[0]?.current).toBe(true)

    await user.account.deleteSession({ sessionId: 'current' })
    const error = await rejection(user.account.get())
    expect(error.code).toBe(401)
    expect(error.type).toBe('general_unauthorized_scope')
  })

  it('refuses a duplicate sign-up with 409, whatever the email case', async () => {
    const user = await signUpUser(server.url)
    const account = new Account(sdkClient(server.url))
    const error = await rejection(
      account.create({ userId: ID.unique(), email: user.email.toUpperCase(), password: 'another password' }),
    )
    expect(error.code).toBe(409)
    expect(error.type).toBe('user_already_exists')
  })

  it('refuses a wrong password with 401 and a short password with 400', async () => {
    const user = await signUpUser(server.url)
    const account = new Account(sdkClient(server.url))
    const wrong = await rejection(
      account.createEmailPasswordSession({ email: user.email, password: 'not it at all' }),
    )
    expect(wrong.code).toBe(401)
    expect(wrong.type).toBe('user_invalid_credentials')
    expect(JSON.parse(wrong.response)).toMatchObject({ code: 401, type: 'user_invalid_credentials' })

    const short = await rejection(
      account.create({ userId: ID.unique(), email: `short${Date.now()}@example.com`, password: 'short' }),
    )
    expect(short.code).toBe(400)
    expect(short.type).toBe('user_password_length')
  })

  it('rate limits repeated sign-ins for one address, the correct one after signing up included', async () => {
    const user = await signUpUser(server.url)
    const account = new Account(sdkClient(server.url))
    const codes: number[] = []
    // signUpUser signed in once, and a correct sign-in counts too (decision 027): nine wrong ones are left.
    for (let i = 0; i < 10; i++) {
      codes.push(
        (await rejection(account.createEmailPasswordSession({ email: user.email, password: `wrong ${i}` })))
          .code,
      )
    }
    expect(codes.slice(0, 9).every((c) => c === 401)).toBe(true)
    expect(codes[9]).toBe(429)
  })

  it('ends a session 30 days after sign-in, however often it is used', async () => {
    const user = await signUpUser(server.url)
    const session = await user.account.getSession({ sessionId: 'current' })
    expect(Date.parse(session.expire) - Date.parse(session.$createdAt)).toBeLessThanOrEqual(
      SESSION_LIFETIME_MS,
    )
    // Signed in a lifetime ago and used two hours ago: its idle expiry is still far ahead, its lifetime is over.
    await server.db.query(
      "update sessions set created_at = $2, updated_at = now() - interval '2 hours' where id = $1",
      [session.$id, new Date(Date.now() - SESSION_LIFETIME_MS - 60_000)],
    )
    expect((await rejection(user.account.get())).code).toBe(401)
  })

  it('sets an HttpOnly session cookie for browsers and hides the secret from them', async () => {
    const user = await signUpUser(server.url)
    const response = await fetch(`${server.url}/v1/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(response.status).toBe(201)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^a_session_parsedesk=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect((await response.json()).secret).toBe('')

    const me = await fetch(`${server.url}/v1/account`, { headers: { cookie: cookie.split(';')[0]! } })
    expect((await me.json()).$id).toBe(user.userId)
  })

  it('answers CORS preflights only for the product origin', async () => {
    const allowed = await fetch(`${server.url}/v1/account`, {
      method: 'OPTIONS',
      headers: {
        origin: server.config.publicUrl,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-appwrite-project,x-sdk-version',
      },
    })
    expect(allowed.headers.get('access-control-allow-origin')).toBe(server.config.publicUrl)
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true')
    const other = await fetch(`${server.url}/v1/account`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers unknown routes in the Appwrite error shape', async () => {
    const response = await fetch(`${server.url}/v1/nothing-here`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 404, type: 'general_route_not_found' })
  })
})
