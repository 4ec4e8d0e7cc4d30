import { ErrorType, InvitationLimits, SendingLimitMessages } from '@parsedesk/contracts'
import { Query, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { rejection, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { verifyEmail } from '../testing/verify-email'
import { INVITATIONS_PER_ACCOUNT, INVITATIONS_PER_ADDRESS } from './invitation-limits'

const HOUR_MS = 60 * 60_000

describe.each(DATABASE_KINDS)('invitation limits on %s', (database) => {
  let server: TTestServer
  let relay: TTestRelay

  beforeAll(async () => {
    // Invitations leave by mail: without a relay they are links their owner hands over, verified or not.
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

  const invite = (by: TSdkUser, teamId: string, email: string) =>
    new Teams(by.client).createMembership({ teamId, roles: ['agent'], email, url: `${server.url}/invite` })

  const homeOf = async (user: TSdkUser) => (await new Teams(user.client).list()).teams[0]?.$id ?? ''

  const invitationsOf = async (user: TSdkUser) =>
    (
      await user.databases.listDocuments({
        databaseId: 'main',
        collectionId: 'outbox',
        queries: [Query.equal('kind', 'invitation')],
      })
    ).documents

  /** Every slot of `bucket` for `key` but `free` taken this hour, as if that many invitations went out. */
  async function spend(bucket: string, key: string, taken: number) {
    await server.db.query(
      'insert into rate_limit_hits (bucket, key) select $1, $2 from generate_series(1, $3::int)',
      [bucket, key, taken],
    )
  }

  it('lets nobody invite before their email address is verified', async () => {
    const fresh = await signUpUser(server.url, 'Fresh Signup')
    const refused = await rejection(invite(fresh, await homeOf(fresh), 'victim@victims.example'))
    expect(refused).toMatchObject({ code: 403, type: ErrorType.generalAccessForbidden })
    expect(refused.message).toBe(SendingLimitMessages.invitationNeedsVerified)
    expect(await invitationsOf(fresh)).toEqual([])

    await verifyEmail(server.url, fresh)
    expect((await invite(fresh, await homeOf(fresh), 'colleague@example.com')).userEmail).toBe(
      'colleague@example.com',
    )
  })

  it('keeps the inviter’s and the workspace’s own words out of the subject, and their links unclickable', async () => {
    const spammer = await signUpUser(server.url, 'Claim your prize at https://win.example/now')
    await verifyEmail(server.url, spammer)
    const team = await new Teams(spammer.client).create({
      teamId: 'unique()',
      name: 'Cheap pills at pills.example',
    })
    await invite(spammer, team.$id, 'victim@victims.example')
    const [mail] = await invitationsOf(spammer)
    expect(mail?.subject).toBe('You are invited to a workspace on Parsedesk')
    const text = String(mail?.text)
    expect(text).toContain(
      '"Claim your prize at https[:]//win[.]example/now" invited you to join the workspace',
    )
    expect(text).toContain('"Cheap pills at pills[.]example"')
    // Our link (which carries the name in its query) is the only one left.
    expect(text.replace(/^http:\/\/127\.0\.0\.1:\d+\/invite\?\S+$/m, '')).not.toMatch(
      /win\.example|pills\.example/,
    )
  })

  it('counts invitations per inviting account across all its workspaces', async () => {
    const owner = await signUpUser(server.url, 'Many Workspaces')
    await verifyEmail(server.url, owner)
    const first = await homeOf(owner)
    const second = (await new Teams(owner.client).create({ teamId: 'unique()', name: 'Second desk' })).$id
    await spend(INVITATIONS_PER_ACCOUNT.bucket, owner.userId, InvitationLimits.perAccountPerHour - 1)

    await invite(owner, first, 'one@example.com')
    const refused = await rejection(invite(owner, second, 'two@example.com'))
    expect(refused).toMatchObject({ code: 429, type: ErrorType.generalRateLimitExceeded })
    expect(refused.message).toBe(
      SendingLimitMessages.invitationsPerAccount(InvitationLimits.perAccountPerHour, HOUR_MS),
    )
    expect((await invitationsOf(owner)).map((mail) => mail.to)).toEqual([['one@example.com']])
  })

  it('counts invitations per client address across accounts, and a refusal takes no other budget', async () => {
    const owner = await signUpUser(server.url, 'Same Network')
    await verifyEmail(server.url, owner)
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from rate_limit_hits where bucket = $1 and key = '127.0.0.1'`,
      [INVITATIONS_PER_ADDRESS.bucket],
    )
    await spend(
      INVITATIONS_PER_ADDRESS.bucket,
      '127.0.0.1',
      InvitationLimits.perAddressPerHour - (rows[0]?.n ?? 0),
    )

    const refused = await rejection(invite(owner, await homeOf(owner), 'three@example.com'))
    expect(refused).toMatchObject({ code: 429 })
    expect(refused.message).toBe(
      SendingLimitMessages.invitationsPerAddress(InvitationLimits.perAddressPerHour, HOUR_MS),
    )
    expect(await invitationsOf(owner)).toEqual([])
    const { rows: accountHits } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from rate_limit_hits where bucket = $1 and key = $2',
      [INVITATIONS_PER_ACCOUNT.bucket, owner.userId],
    )
    expect(accountHits[0]?.n).toBe(0)
  })
})
