import { ErrorType, TeamMessages, type TInvitationJoin } from '@parsedesk/contracts'
import { Account, AppwriteException, type Client, ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, sdkClient, signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'
import { verifyEmail } from '../testing/verify-email'
import { invitationTo } from './team.test-kit'

const PASSWORD = 'correct horse battery'
let counter = 0
const freshAddress = () => `invitee${Date.now()}${++counter}@example.com`

/** Signs up through POST /account as the invitation page does: the SDK's create() has no invitation field. */
async function signUpJoining(client: Client, body: { email: string; invitation?: TInvitationJoin }) {
  return client.call(
    'post',
    new URL(`${client.config.endpoint}/account`),
    { 'content-type': 'application/json' },
    { userId: ID.unique(), password: PASSWORD, name: 'Ivy Invitee', ...body },
  )
}

describe.each(DATABASE_KINDS)(
  'an invitee joins at sign-up, with no workspace of their own, on %s',
  (database) => {
    let server: TTestServer
    let owner: TSdkUser
    let teamId: string

    beforeAll(async () => {
      server = await startTestServer({ database, roles: ['http'] })
      owner = await signUpUser(server.url, 'Olive Owner')
      teamId = (await new Teams(owner.client).list()).teams[0]?.$id ?? ''
      await verifyEmail(server.url, owner)
    })
    afterAll(async () => {
      await server?.stop()
    })

    async function invite(email: string) {
      await new Teams(owner.client).createMembership({
        teamId,
        roles: ['agent'],
        email,
        url: `${server.url}/invite`,
      })
      const link = await invitationTo(owner, email)
      return { link, join: { teamId, membershipId: link.membershipId, secret: link.secret } }
    }

    async function signIn(email: string) {
      const client = sdkClient(server.url)
      const session = await new Account(client).createEmailPasswordSession({ email, password: PASSWORD })
      client.setSession(session.secret)
      return client
    }

    it('puts the invited address in the link, and signing up with the link joins only that workspace', async () => {
      const email = freshAddress()
      const { link, join } = await invite(email)
      expect(link.link.searchParams.get('email')).toBe(email)

      await signUpJoining(sdkClient(server.url), { email, invitation: join })

      const { teams, total } = await new Teams(await signIn(email)).list()
      expect(total).toBe(1)
      expect(teams[0]?.$id).toBe(teamId)
      const members = await new Teams(owner.client).listMemberships({ teamId })
      const joined = members.memberships.find((member) => member.userEmail === email)
      expect(joined).toMatchObject({ confirm: true, roles: ['agent'] })
    })

    it('refuses a used link or another address, creating no account, and a plain sign-up still gets its own workspace', async () => {
      const email = freshAddress()
      const { join } = await invite(email)
      const someoneElse = freshAddress()
      const mismatch = await rejection(
        signUpJoining(sdkClient(server.url), { email: someoneElse, invitation: join }),
      )
      expect(mismatch.type).toBe(ErrorType.teamInviteMismatch)
      expect(mismatch.message).toBe(TeamMessages.invitationForSomeoneElse)

      await signUpJoining(sdkClient(server.url), { email, invitation: join })
      const reused = await rejection(
        signUpJoining(sdkClient(server.url), { email: freshAddress(), invitation: join }),
      )
      expect(reused.type).toBe(ErrorType.teamInvalidSecret)
      expect(reused.message).toBe(TeamMessages.invitationInvalid)

      // Nothing of the refused sign-up stayed: the address signs up afresh, with a workspace of its own.
      await expect(signIn(someoneElse)).rejects.toBeInstanceOf(AppwriteException)
      await signUpJoining(sdkClient(server.url), { email: someoneElse })
      const own = await new Teams(await signIn(someoneElse)).list()
      expect(own.total).toBe(1)
      expect(own.teams[0]?.$id).not.toBe(teamId)
    })
  },
)
