import { isoDate } from '../core/iso-date'
import type { TMembershipRow, TTeamRow } from './team-repository'

/** Appwrite's Team model. */
export function toTeamModel(team: TTeamRow) {
  return {
    $id: team.id,
    $createdAt: isoDate(team.created_at),
    $updatedAt: isoDate(team.updated_at),
    name: team.name,
    total: team.total,
    prefs: team.prefs,
  }
}

/** Appwrite's Membership model; the invitation's secret never leaves the server. */
export function toMembershipModel(membership: TMembershipRow) {
  return {
    $id: membership.id,
    $createdAt: isoDate(membership.created_at),
    $updatedAt: isoDate(membership.updated_at),
    userId: membership.user_id ?? '',
    userName: membership.name,
    userEmail: membership.email,
    userPhone: '',
    teamId: membership.team_id,
    teamName: membership.team_name,
    invited: isoDate(membership.invited_at),
    joined: membership.joined_at ? isoDate(membership.joined_at) : '',
    confirm: membership.confirm,
    mfa: false,
    userAccessedAt: membership.user_accessed_at ? isoDate(membership.user_accessed_at) : '',
    roles: membership.roles,
  }
}

export type TTeamModel = ReturnType<typeof toTeamModel>
export type TMembershipModel = ReturnType<typeof toMembershipModel>
