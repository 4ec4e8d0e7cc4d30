import { AccountMessages, ErrorType } from '@parsedesk/contracts'
import { Account, AppwriteException } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkIn, startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { rejection, sdkClient, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { waitForValue } from '../testing/wait-for-value'

const NEW_PASSWORD = 'purple monkey dishwasher'

describe.each(DATABASE_KINDS)('account settings, recovery and verification on %s', (database) => {
  let server: TTestServer
  let relay: TTestRelay

  beforeAll(async () => {
    relay = await startTestRelay()
    server = await startTestServer({
      database,
      roles: ['http', 'worker'],
      env: { SMTP_RELAY_URL: relay.url },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
  })

  /** The link of the newest mail the relay took for `to` with `subject`, and its fields. */
  async function mailedLink(to: string, subject: string) {
    const mail = await waitForValue(
      () => relay.arrived.findLast((m) => m.envelope.to.includes(to) && m.email.subject === subject),
      { what: `"${subject}" to ${to}` },
    )
    const link = linkIn(mail) ?? new URL('http://missing.example')
    return {
      link,
      userId: link.searchParams.get('userId') ?? '',
      secret: link.searchParams.get('secret') ?? '',
    }
  }

  function signIn(email: string, password: string) {
    return new Account(sdkClient(server.url)).createEmailPasswordSession({ email, password })
  }

  it('changes the name, and the password with the old one, ending the other sessions', async () => {
    const user = await signUpUser(server.url, 'Ada Lovelace')
    expect((await user.account.updateName({ name: 'Ada King' })).name).toBe('Ada King')

    const otherDevice = await signIn(user.email, user.password)
    expect(
      await rejection(user.account.updatePassword({ password: NEW_PASSWORD, oldPassword: 'wrong password' })),
    ).toMatchObject({
      type: ErrorType.userInvalidCredentials,
    })
    expect(
      await rejection(user.account.updatePassword({ password: 'password', oldPassword: user.password })),
    ).toMatchObject({
      code: 400,
    })
    await user.account.updatePassword({ password: NEW_PASSWORD, oldPassword: user.password })
    // This device stays signed in; the other one is signed out; the new password works.
    expect((await user.account.get()).name).toBe('Ada King')
    const other = new Account(sdkClient(server.url).setSession(otherDevice.secret))
    expect((await rejection(other.get())).code).toBe(401)
    expect((await signIn(user.email, NEW_PASSWORD)).userId).toBe(user.userId)
  })

  it('moves the address only by the link mailed to it, and answers a taken address as a free one', async () => {
    const user = await signUpUser(server.url)
    const other = await signUpUser(server.url)
    const fresh = `moved${Date.now()}@example.com`
    const taken = await user.account.updateEmail({ email: other.email, password: user.password })
    const free = await user.account.updateEmail({ email: fresh, password: user.password })
    // Before, a taken address was answered 409: 40 checks in 1.1 s told who has an account.
    expect(free).toEqual(taken)
    expect(free).toMatchObject({ email: user.email, emailVerification: false })
    expect(
      await rejection(user.account.updateEmail({ email: 'x@example.com', password: 'not it at all' })),
    ).toMatchObject({ type: ErrorType.userInvalidCredentials })

    // The taken address's owner is told, with no link; the new address gets the one that moves the account.
    const notice = await waitForValue(
      () =>
        relay.arrived.find(
          (m) =>
            m.envelope.to.includes(other.email) &&
            m.email.subject === 'Someone tried to use your email address on Parsedesk',
        ),
      { what: 'the notice to the taken address' },
    )
    expect(linkIn(notice)).toBeUndefined()
    const { link, userId, secret } = await mailedLink(fresh, 'Confirm your new email address for Parsedesk')
    expect(link.origin + link.pathname).toBe(`${server.url}/verify`)
    expect(userId).toBe(user.userId)
    expect((await signIn(user.email, user.password)).userId).toBe(user.userId)
    // A recovery link mailed to the old address before the move...
    const guest = new Account(sdkClient(server.url))
    await guest.createRecovery({ email: user.email, url: `${server.url}/recovery` })
    const oldRecovery = await mailedLink(user.email, 'Reset your Parsedesk password')

    await new Account(sdkClient(server.url)).updateEmailVerification({ userId, secret })
    expect(await user.account.get()).toMatchObject({ email: fresh, emailVerification: true })
    expect(await rejection(signIn(user.email, user.password))).toMatchObject({
      type: ErrorType.userInvalidCredentials,
    })
    expect((await signIn(fresh, user.password)).userId).toBe(user.userId)
    expect(
      await rejection(new Account(sdkClient(server.url)).updateEmailVerification({ userId, secret })),
    ).toMatchObject({ type: ErrorType.userInvalidToken })
    // ...no longer resets the account: whoever reads the old mailbox has no say over it now.
    expect(
      await rejection(
        guest.updateRecovery({ userId, secret: oldRecovery.secret, password: 'a brand new passphrase' }),
      ),
    ).toMatchObject({ type: ErrorType.userInvalidToken })
    expect((await signIn(fresh, user.password)).userId).toBe(user.userId)
  })

  it('answers taken and free addresses in the same time, and limits asking per account and per address', async () => {
    const askers = [await signUpUser(server.url), await signUpUser(server.url), await signUpUser(server.url)]
    const owners = [await signUpUser(server.url), await signUpUser(server.url)]
    const times = { taken: [] as number[], free: [] as number[] }
    const ask = async (asker: TSdkUser, email: string) => {
      const started = performance.now()
      const answer = await asker.account.updateEmail({ email, password: asker.password })
      expect(answer.email).toBe(asker.email)
      return performance.now() - started
    }
    // Taken and free side by side, so a busy moment of the machine weighs on both alike.
    for (const asker of askers) {
      for (const owner of owners) {
        times.taken.push(await ask(asker, owner.email))
        times.free.push(await ask(asker, `free${Date.now()}${times.free.length}@example.com`))
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
    // Both verify the password (tens of ms) and write one mail to the outbox; the margin is for a loaded machine.
    expect(median(times.taken)).toBeGreaterThan(median(times.free) * 0.4)
    expect(median(times.free)).toBeGreaterThan(median(times.taken) * 0.4)

    const [first, second] = askers as [TSdkUser, TSdkUser, TSdkUser]
    await ask(first, `fifth${Date.now()}@example.com`)
    expect(
      (await rejection(first.account.updateEmail({ email: 'sixth@example.com', password: first.password })))
        .code,
    ).toBe(429)
    // Three asks for an address an hour, whoever asks: a fourth is refused, taken or not.
    expect(
      (await rejection(second.account.updateEmail({ email: owners[0]!.email, password: second.password })))
        .code,
    ).toBe(429)
  })

  it('mails a recovery link that sets a new password once and signs out everywhere', async () => {
    const user = await signUpUser(server.url)
    const guest = new Account(sdkClient(server.url))
    await guest.createRecovery({ email: user.email.toUpperCase(), url: `${server.url}/recovery` })
    const { link, userId, secret } = await mailedLink(user.email, 'Reset your Parsedesk password')
    expect(link.origin + link.pathname).toBe(`${server.url}/recovery`)
    expect(userId).toBe(user.userId)

    expect(
      await rejection(guest.updateRecovery({ userId, secret: 'f'.repeat(64), password: NEW_PASSWORD })),
    ).toMatchObject({
      type: ErrorType.userInvalidToken,
      message: AccountMessages.linkInvalid,
    })
    await guest.updateRecovery({ userId, secret, password: NEW_PASSWORD })
    expect((await rejection(user.account.get())).code).toBe(401)
    expect((await signIn(user.email, NEW_PASSWORD)).userId).toBe(user.userId)
    expect(
      await rejection(guest.updateRecovery({ userId, secret, password: 'another fine password' })),
    ).toMatchObject({
      type: ErrorType.userInvalidToken,
    })
  })

  it('answers a recovery for an unknown address as for a known one, and sends nothing', async () => {
    const before = relay.arrived.length
    const guest = new Account(sdkClient(server.url))
    const token = await guest.createRecovery({
      email: 'nobody-here@example.com',
      url: `${server.url}/recovery`,
    })
    expect(token).toMatchObject({ secret: '', userId: '' })
    expect(
      (
        await rejection(
          guest.createRecovery({ email: 'x@example.com', url: 'https://evil.example/recovery' }),
        )
      ).message,
    ).toBe(AccountMessages.linkForeign)
    // Mail to a known address still arrives after it, so the unknown one would have been seen by now.
    const known = await signUpUser(server.url)
    await guest.createRecovery({ email: known.email, url: `${server.url}/recovery` })
    await mailedLink(known.email, 'Reset your Parsedesk password')
    expect(relay.arrived.slice(before).map((m) => m.envelope.to)).toEqual([[known.email]])
  })

  it('verifies the address with the mailed link, from any browser', async () => {
    const user: TSdkUser = await signUpUser(server.url)
    await user.account.createEmailVerification({ url: `${server.url}/verify` })
    const { userId, secret } = await mailedLink(user.email, 'Confirm your email address for Parsedesk')
    await new Account(sdkClient(server.url)).updateEmailVerification({ userId, secret })
    expect((await user.account.get()).emailVerification).toBe(true)
    const again = await new Account(sdkClient(server.url))
      .updateEmailVerification({ userId, secret })
      .catch((e) => e)
    expect(again).toBeInstanceOf(AppwriteException)
  })

  it('names a wrong field in the refusal, and tells a guest to sign in before reading the body', async () => {
    const user = await signUpUser(server.url)
    const wrong = await rejection(user.account.updateName({ name: 'n'.repeat(200) }))
    expect(wrong.code).toBe(400)
    expect(wrong.message).toMatch(/^Invalid `name` param: /)
    expect(
      (await rejection(new Account(sdkClient(server.url)).updateName({ name: 'n'.repeat(200) }))).code,
    ).toBe(401)
  })
})
