import { AccountMessages, SessionLimits } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { SIGN_IN_LIMITS } from './account-service'
import { callFrom, signInFrom, signUpFrom, type TAddressedAnswer } from './client-address.test-kit'

const FLOOD_LOOPS = 80

describe.each(DATABASE_KINDS)('sign-in under load on %s', (database) => {
  let server: TTestServer

  beforeAll(async () => {
    // No TRUST_PROXY: each client is told apart by the address its socket is bound to.
    server = await startTestServer({ database, roles: ['http'] })
  })
  afterAll(() => server?.stop())

  it('serves another address while one address loops correct sign-ins, and counts those successes', {
    timeout: 120_000,
  }, async () => {
    const flooder = await signUpFrom('127.0.0.2', server.url)
    const victim = await signUpFrom('127.0.0.3', server.url)
    const flood: TAddressedAnswer[] = []
    let flooding = true
    const loops = Array.from({ length: FLOOD_LOOPS }, async () => {
      while (flooding) flood.push(await signInFrom('127.0.0.2', server.url, flooder))
    })
    const victimAnswers: TAddressedAnswer[] = []
    try {
      // The victim signs in while the flood is at full strength: it has had time to fill every queue.
      while (flood.length < 2 * FLOOD_LOOPS) await new Promise((resolve) => setTimeout(resolve, 10))
      // Bounded, so a gate that keeps refusing the victim fails the test on its answers, not its time limit.
      const until = Date.now() + 60_000
      while (victimAnswers.length < 8 && Date.now() < until) {
        victimAnswers.push(await signInFrom('127.0.0.3', server.url, victim))
      }
    } finally {
      flooding = false
      await Promise.all(loops)
    }

    expect(victimAnswers.map((a) => a.status)).toEqual(Array(8).fill(201))
    // Before, every correct sign-in gave its slots back: the loop signed in without end.
    expect(flood.filter((a) => a.status === 201)).toHaveLength(SIGN_IN_LIMITS.perAccountAddress.limit)
    const refusals = new Set(flood.filter((a) => a.status === 429).map((a) => a.body.message))
    expect(refusals).toContain(AccountMessages.signInBusy)
    expect([...refusals].some((m) => String(m).startsWith('Too many sign-ins to this account'))).toBe(true)
  })

  it('counts correct sign-ins per account and address, and per address across accounts', async () => {
    const person = await signUpFrom('127.0.0.4', server.url)
    for (let n = 0; n < SIGN_IN_LIMITS.perAccountAddress.limit; n++)
      expect((await signInFrom('127.0.0.4', server.url, person)).status).toBe(201)
    const refused = await signInFrom('127.0.0.4', server.url, person)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(
      /^Too many sign-ins to this account from your address\. Please try again in 1[45] minutes\.$/,
    )
    // The owner elsewhere is not locked out by it.
    expect((await signInFrom('127.0.0.5', server.url, person)).status).toBe(201)

    const perAccount = SIGN_IN_LIMITS.perAccountAddress.limit
    const accounts = Math.ceil(SIGN_IN_LIMITS.perAddress.limit / perAccount)
    const people = []
    for (let n = 0; n <= accounts; n++) people.push(await signUpFrom(`127.0.1.${n + 1}`, server.url))
    let signedIn = 0
    for (const someone of people.slice(0, accounts)) {
      for (let n = 0; n < perAccount && signedIn < SIGN_IN_LIMITS.perAddress.limit; n++, signedIn++)
        expect((await signInFrom('127.0.0.6', server.url, someone)).status).toBe(201)
    }
    const fromAddress = await signInFrom('127.0.0.6', server.url, people[accounts]!)
    expect(fromAddress.status).toBe(429)
    expect(fromAddress.body.message).toMatch(/^Too many sign-ins from your address\./)
  })

  it(`keeps ${SessionLimits.perUser} sessions per account: a new sign-in beyond them ends the oldest`, async () => {
    const person = await signUpFrom('127.0.2.1', server.url)
    const secrets: string[] = []
    for (let n = 0; n <= SessionLimits.perUser; n++) {
      // A fresh address for each run of sign-ins the per-account-and-address limit allows.
      const from = `127.0.2.${2 + Math.floor(n / SIGN_IN_LIMITS.perAccountAddress.limit)}`
      const answer = await signInFrom(from, server.url, person)
      expect(answer.status).toBe(201)
      secrets.push(String(answer.body.secret))
    }
    const newest = secrets.at(-1)!
    const list = await callFrom('127.0.2.1', server.url, {
      method: 'GET',
      path: '/account/sessions',
      session: newest,
    })
    expect(list.body.total).toBe(SessionLimits.perUser)
    const account = (session: string) =>
      callFrom('127.0.2.1', server.url, { method: 'GET', path: '/account', session })
    expect((await account(secrets[0]!)).status).toBe(401)
    expect((await account(secrets[1]!)).status).toBe(200)
  })
})
