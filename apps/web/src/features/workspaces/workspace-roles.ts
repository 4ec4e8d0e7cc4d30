import { TEAM_ROLES, TeamRole, type TTeamRole } from '@parsedesk/contracts'
import type { TBadgeTone } from '@/components/ui/badge'

export const ROLE_LABELS: Record<TTeamRole, string> = {
  [TeamRole.owner]: 'Owner',
  [TeamRole.admin]: 'Admin',
  [TeamRole.agent]: 'Agent',
}

export const ROLE_TONES: Record<TTeamRole, TBadgeTone> = {
  [TeamRole.owner]: 'brand',
  [TeamRole.admin]: 'blue',
  [TeamRole.agent]: 'gray',
}

/** Strongest first: a member holding several roles acts with the first of these they hold. */
const ROLE_ORDER: readonly TTeamRole[] = [TeamRole.owner, TeamRole.admin, TeamRole.agent]

const isTeamRole = (role: string): role is TTeamRole => (TEAM_ROLES as readonly string[]).includes(role)

/** The role a membership acts with; one with none of ours (Appwrite allows any string) is an agent. */
export function effectiveRole(roles: readonly string[]): TTeamRole {
  return ROLE_ORDER.find((role) => roles.includes(role)) ?? TeamRole.agent
}

export function knownRoles(roles: readonly string[]): TTeamRole[] {
  return roles.filter(isTeamRole)
}

/** Owners and admins run the workspace: its name, invitations, members' roles and the outbox. */
export function canManage(role: TTeamRole | undefined): boolean {
  return role === TeamRole.owner || role === TeamRole.admin
}

/**
 * Where the workspace's mail comes from is its owners' and admins' (decision 011): regenerating the parsing
 * address, the webhook URLs with their secret, and IMAP accounts. Every member reads the address and its mail.
 * Undefined while the role loads, so a screen offers neither the controls nor the note that replaces them.
 */
export function canManageMail(role: TTeamRole | undefined): boolean | undefined {
  if (role === undefined) return undefined
  return role === TeamRole.owner || role === TeamRole.admin
}

/** The roles `actor` may give, in an invitation or a change of role: only owners make owners. */
export function assignableRoles(actor: TTeamRole | undefined): TTeamRole[] {
  if (actor === TeamRole.owner) return [...ROLE_ORDER]
  if (actor === TeamRole.admin) return [TeamRole.admin, TeamRole.agent]
  return []
}

/**
 * Whether `actor` may change `target`'s role or remove them: owners and admins may, but only owners touch
 * owners. Whether the workspace keeps an owner is the server's to say.
 */
export function mayManageMember(actor: TTeamRole | undefined, target: TTeamRole): boolean {
  if (actor === TeamRole.owner) return true
  return actor === TeamRole.admin && target !== TeamRole.owner
}
