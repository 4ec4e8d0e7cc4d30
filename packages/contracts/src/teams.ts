import { z } from 'zod'
import { isWithinJsonDepth, jsonByteLength, MAX_JSON_DEPTH } from './json-limits'
import { UndoSend, ZUndoSendSeconds } from './reply-guard'
import { lifecyclePrefsProblem } from './satisfaction'

/**
 * A member's role in a workspace. Owners do everything, admins run the workspace but cannot touch owners
 * or delete it, agents work tickets. Appwrite's team roles are free strings; these three are ours.
 */
export const TeamRole = { owner: 'owner', admin: 'admin', agent: 'agent' } as const
export type TTeamRole = (typeof TeamRole)[keyof typeof TeamRole]
export const TEAM_ROLES = Object.values(TeamRole) as [TTeamRole, ...TTeamRole[]]

export const TeamLimits = {
  name: 128,
  /** An invitation's link works this long, once. */
  invitationDays: 7,
  /** Workspaces one person may belong to or create. */
  workspacesPerUser: 100,
  /** Members and pending invitations of one workspace. */
  membersPerWorkspace: 1000,
  prefsBytes: 64 * 1024,
} as const

const ZTeamName = z.string().trim().min(1).max(TeamLimits.name)
const ZTeamRoles = z.array(z.enum(TEAM_ROLES)).min(1).max(TEAM_ROLES.length)

export const ZTeamCreate = z.object({
  teamId: z.string().max(36),
  name: ZTeamName,
  roles: ZTeamRoles.optional(),
})

export const ZTeamUpdate = z.object({ name: ZTeamName })

export const ZTeamPrefsUpdate = z.object({
  prefs: z
    .record(z.string(), z.unknown())
    // Stops here when too deep: measuring such a value would overflow JSON.stringify's stack.
    .refine((value) => isWithinJsonDepth(value), {
      message: `is nested more than ${MAX_JSON_DEPTH} levels deep`,
      abort: true,
    })
    .refine(
      (value) => jsonByteLength(value) <= TeamLimits.prefsBytes,
      `is more than ${TeamLimits.prefsBytes.toLocaleString('en-US')} bytes as JSON`,
    )
    .refine(
      (value) =>
        value[UndoSend.pref] === undefined || ZUndoSendSeconds.safeParse(value[UndoSend.pref]).success,
      {
        message: `${UndoSend.pref} is a whole number of seconds from ${UndoSend.minSeconds} to ${UndoSend.maxSeconds}`,
      },
    )
    .superRefine((value, context) => {
      const problem = lifecyclePrefsProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
})

export const ZMembershipCreate = z.object({
  roles: ZTeamRoles,
  email: z.email().max(320).optional(),
  userId: z.string().max(36).optional(),
  url: z.url().max(2000).optional(),
  name: z.string().max(TeamLimits.name).optional(),
})

export const ZMembershipUpdate = z.object({ roles: ZTeamRoles })

export const ZMembershipStatusUpdate = z.object({
  userId: z.string().max(36),
  secret: z.string().min(1).max(256),
})

/** What the workspace screens and the API say when a rule of the workspace stops an action. */
export const TeamMessages = {
  lastOwner: 'A workspace needs an owner: make another member owner first.',
  onlyOwnersTouchOwners: 'Only an owner can make someone an owner or change an owner’s roles.',
  notAllowed: 'Your role in this workspace does not allow this.',
  alreadyMember: 'This person is already a member of the workspace.',
  alreadyInvited: 'This person is already invited: revoke the invitation to send a new one.',
  invitationInvalid:
    'This invitation link is not valid: it was used, revoked, or has expired. Ask for a new one.',
  invitationForSomeoneElse:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  invitationNeedsAddress: 'Give the email address of the person to invite.',
  invitationUrlForeign: 'The invitation link must point to this Parsedesk.',
  tooManyWorkspaces: `You can belong to at most ${TeamLimits.workspacesPerUser} workspaces.`,
  tooManyMembers: `A workspace can have at most ${TeamLimits.membersPerWorkspace} members and invitations.`,
} as const
