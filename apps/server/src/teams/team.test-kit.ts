import { Query, Teams } from 'appwrite'
import type { TQueryable } from '../db/database'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { verifyEmail } from '../testing/verify-email'

/** The invitation mail to `to` as the workspace's owners read it in the outbox, and its link's fields. */
export async function invitationTo(reader: TSdkUser, to: string) {
  const { documents } = await reader.databases.listDocuments({
    databaseId: 'main',
    collectionId: 'outbox',
    queries: [Query.equal('kind', 'invitation'), Query.orderDesc('$sequence')],
  })
  const mail = documents.find((d) => (d.to as string[]).includes(to))
  const link = new URL(String(mail?.text).match(/https?:\/\/\S+/)?.[0] ?? 'http://missing.example')
  const field = (name: string) => link.searchParams.get(name) ?? ''
  return {
    mail,
    link,
    teamId: field('teamId'),
    membershipId: field('membershipId'),
    userId: field('userId'),
    secret: field('secret'),
  }
}

/**
 * `owner` invites `member` to `teamId` with `roles` (verifying the owner's address first, if need be) and
 * `member` accepts with the mailed link, as people do.
 */
export async function joinByInvitation(options: {
  serverUrl: string
  owner: TSdkUser
  member: TSdkUser
  teamId: string
  roles: string[]
  /** The server's database, when it is not a test server of this process (`startTestServer`). */
  db?: TQueryable
}): Promise<string> {
  const { owner, member, teamId } = options
  // Only a verified address may invite by mail (decision 026).
  if (!(await owner.account.get()).emailVerification) await verifyEmail(options.serverUrl, owner, options.db)
  await new Teams(owner.client).createMembership({
    teamId,
    roles: options.roles,
    email: member.email,
    url: `${options.serverUrl}/invite`,
  })
  const invitation = await invitationTo(owner, member.email)
  await new Teams(member.client).updateMembershipStatus({
    teamId,
    membershipId: invitation.membershipId,
    userId: member.userId,
    secret: invitation.secret,
  })
  return invitation.membershipId
}

/**
 * The people most workflow suites start from: an owner (whose own workspace it is, made at sign-up) and an
 * agent who joined it by invitation, signed up on `serverUrl` under the names given.
 */
export async function signUpOwnerAndAgent(
  serverUrl: string,
  names: { owner: string; agent: string },
): Promise<{ owner: TSdkUser; agent: TSdkUser; teamId: string }> {
  const [owner, agent] = await Promise.all([
    signUpUser(serverUrl, names.owner),
    signUpUser(serverUrl, names.agent),
  ])
  const teamId = (await new Teams(owner.client).list()).teams[0]?.$id ?? ''
  await joinByInvitation({ serverUrl, owner, member: agent, teamId, roles: ['agent'] })
  return { owner, agent, teamId }
}
