import { CUSTOM_ID_PATTERN, TeamLimits, ZMembershipStatusUpdate } from '@parsedesk/contracts'
import { Paths } from '@/app/paths'

/** What an invitation's link carries in its query (Appwrite's names; the server sets them). */
export const InvitationParam = {
  membershipId: 'membershipId',
  userId: 'userId',
  secret: 'secret',
  teamId: 'teamId',
  teamName: 'teamName',
  /** The invited address, so the page can fill it in (links sent before it was added have none). */
  email: 'email',
} as const

export type TInvitation = {
  membershipId: string
  /** The invited account, or '' when the address had none when it was invited. */
  userId: string
  secret: string
  teamId: string
  /** The workspace's name when it was sent, for the page to say who invites; '' if the link lost it. */
  teamName: string
  /** The address it was sent to, or '' when the link does not say. */
  email: string
}

const EMAIL_MAX = 320

/** The invitation a link's query holds, or null when the link is cut short or mangled. */
export function readInvitation(search: URLSearchParams): TInvitation | null {
  const read = (name: string) => search.get(name)?.trim() ?? ''
  const invitation: TInvitation = {
    membershipId: read(InvitationParam.membershipId),
    userId: read(InvitationParam.userId),
    secret: read(InvitationParam.secret),
    teamId: read(InvitationParam.teamId),
    teamName: read(InvitationParam.teamName).slice(0, TeamLimits.name),
    email: read(InvitationParam.email).slice(0, EMAIL_MAX),
  }
  const hasIds =
    CUSTOM_ID_PATTERN.test(invitation.membershipId) &&
    CUSTOM_ID_PATTERN.test(invitation.teamId) &&
    (!invitation.userId || CUSTOM_ID_PATTERN.test(invitation.userId))
  const isAcceptable = ZMembershipStatusUpdate.safeParse({
    userId: invitation.userId,
    secret: invitation.secret,
  }).success
  return hasIds && isAcceptable ? invitation : null
}

/** The invitation page's path with the invitation's query, for coming back to it after signing in. */
export function invitationPath(invitation: TInvitation): string {
  const search = new URLSearchParams({
    [InvitationParam.membershipId]: invitation.membershipId,
    [InvitationParam.userId]: invitation.userId,
    [InvitationParam.secret]: invitation.secret,
    [InvitationParam.teamId]: invitation.teamId,
    [InvitationParam.teamName]: invitation.teamName,
    [InvitationParam.email]: invitation.email,
  })
  return `${Paths.invite}?${search}`
}

export type TInvitationLink = { href: string; invitation: TInvitation }

const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi

/**
 * The invitation link in an invitation mail's text, as the mail has it, so an owner with no mail relay can
 * hand it over themselves. Null when the text holds no link to the invitation page.
 */
export function findInvitationLink(text: string): TInvitationLink | null {
  for (const [href] of text.matchAll(URL_PATTERN)) {
    let url: URL
    try {
      url = new URL(href)
    } catch {
      continue
    }
    if (url.pathname !== Paths.invite) continue
    const invitation = readInvitation(url.searchParams)
    if (invitation) return { href, invitation }
  }
  return null
}

/** When an invitation's link stops working: TeamLimits.invitationDays after it was sent. */
export function invitationExpiresAt(invitedAt: string): Date {
  return new Date(new Date(invitedAt).getTime() + TeamLimits.invitationDays * 86_400_000)
}
