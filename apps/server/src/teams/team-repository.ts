import type { TTeamRole } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

export type TTeamRow = {
  id: string
  name: string
  prefs: Record<string, unknown>
  created_at: Date
  updated_at: Date
  /** Confirmed members. */
  total: number
}

export type TMembershipRow = {
  id: string
  team_id: string
  team_name: string
  user_id: string | null
  /** The member's account address once they have one, else the invited address. */
  email: string
  /** The member's account name once they have one, else the name given with the invitation. */
  name: string
  user_accessed_at: Date | null
  roles: TTeamRole[]
  confirm: boolean
  secret_hash: string | null
  secret_expire: Date | null
  invited_by: string | null
  invited_at: Date
  joined_at: Date | null
  created_at: Date
  updated_at: Date
}

/** How a list is cut and ordered: Appwrite's limit, offset and order queries, and a search text. */
export type TListWindow = {
  limit: number
  offset: number
  order: { column: 'created_at' | 'name'; direction: 'asc' | 'desc' }
  search: string
}

const TEAM_COLUMNS = `t.id, t.name, t.prefs, t.created_at, t.updated_at,
  (select count(*)::int from memberships c where c.team_id = t.id and c.confirm) as total`

const MEMBERSHIP_COLUMNS = `m.id, m.team_id, t.name as team_name, m.user_id,
  coalesce(u.email, m.email) as email, coalesce(nullif(u.name, ''), m.name) as name,
  u.accessed_at as user_accessed_at, m.roles, m.confirm, m.secret_hash, m.secret_expire, m.invited_by,
  m.invited_at, m.joined_at, m.created_at, m.updated_at`

const MEMBERSHIP_FROM = `memberships m join teams t on t.id = m.team_id left join users u on u.id = m.user_id`

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export async function insertTeam(db: TQueryable, team: { id: string; name: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    'insert into teams (id, name) values ($1, $2) on conflict (id) do nothing',
    [team.id, team.name],
  )
  return rowCount > 0
}

export async function findTeam(db: TQueryable, teamId: string): Promise<TTeamRow | undefined> {
  const { rows } = await db.query<TTeamRow>(`select ${TEAM_COLUMNS} from teams t where t.id = $1`, [teamId])
  return rows[0]
}

/** Locks the workspace for a change of its members, so two changes cannot both remove its last owner. */
export async function lockTeam(db: TQueryable, teamId: string): Promise<boolean> {
  const { rows } = await db.query('select id from teams where id = $1 for update', [teamId])
  return rows.length > 0
}

/**
 * Whether one of the workspace's owners has verified their email address: until then its mail reaches only
 * those who wrote to it, at a trickle (decision 026).
 */
export async function hasVerifiedOwner(db: TQueryable, teamId: string): Promise<boolean> {
  const { rows } = await db.query<{ verified: boolean }>(
    `select exists (
       select 1 from memberships m join users u on u.id = m.user_id
       where m.team_id = $1 and m.confirm and 'owner' = any(m.roles) and u.email_verification
     ) as verified`,
    [teamId],
  )
  return rows[0]?.verified === true
}

export async function listTeamsOfUser(
  db: TQueryable,
  userId: string,
  window: TListWindow,
): Promise<{ total: number; teams: TTeamRow[] }> {
  const where = `exists (select 1 from memberships m where m.team_id = t.id and m.user_id = $1 and m.confirm)
    and ($2 = '' or t.name ilike $3)`
  const params = [userId, window.search, containing(window.search)]
  const { rows } = await db.query<TTeamRow>(
    `select ${TEAM_COLUMNS} from teams t where ${where}
     order by t.${window.order.column} ${window.order.direction}, t.id limit $4 offset $5`,
    [...params, window.limit, window.offset],
  )
  const count = await db.query<{ total: number }>(
    `select count(*)::int as total from teams t where ${where}`,
    params,
  )
  return { total: count.rows[0]?.total ?? 0, teams: rows }
}

export async function updateTeam(
  db: TQueryable,
  teamId: string,
  change: { name?: string; prefs?: Record<string, unknown> },
): Promise<void> {
  await db.query(
    `update teams set name = coalesce($2, name), prefs = coalesce($3::jsonb, prefs), updated_at = now()
     where id = $1`,
    [teamId, change.name ?? null, change.prefs === undefined ? null : JSON.stringify(change.prefs)],
  )
}

export async function deleteTeam(db: TQueryable, teamId: string): Promise<void> {
  await db.query('delete from teams where id = $1', [teamId])
}

/** How many workspaces a person belongs to or is invited to. */
export async function countTeamsOfUser(db: TQueryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    'select count(*)::int as total from memberships where user_id = $1',
    [userId],
  )
  return rows[0]?.total ?? 0
}

export type TNewMembership = {
  id: string
  teamId: string
  userId: string | null
  email: string
  name: string
  roles: TTeamRole[]
  confirm: boolean
  secretHash: string | null
  secretExpire: Date | null
  invitedBy: string | null
}

/** False when the address (or the account) already has a membership of the workspace. */
export async function insertMembership(db: TQueryable, membership: TNewMembership): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into memberships (id, team_id, user_id, email, name, roles, confirm, secret_hash, secret_expire,
       invited_by, joined_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $7 then now() end)
     on conflict do nothing`,
    [
      membership.id,
      membership.teamId,
      membership.userId,
      membership.email,
      membership.name,
      membership.roles,
      membership.confirm,
      membership.secretHash,
      membership.secretExpire,
      membership.invitedBy,
    ],
  )
  return rowCount > 0
}

export async function findMembership(
  db: TQueryable,
  teamId: string,
  membershipId: string,
): Promise<TMembershipRow | undefined> {
  const { rows } = await db.query<TMembershipRow>(
    `select ${MEMBERSHIP_COLUMNS} from ${MEMBERSHIP_FROM} where m.team_id = $1 and m.id = $2`,
    [teamId, membershipId],
  )
  return rows[0]
}

/** The caller's confirmed membership of a workspace, if they have one. */
export async function findMembershipOfUser(
  db: TQueryable,
  teamId: string,
  userId: string,
): Promise<TMembershipRow | undefined> {
  const { rows } = await db.query<TMembershipRow>(
    `select ${MEMBERSHIP_COLUMNS} from ${MEMBERSHIP_FROM} where m.team_id = $1 and m.user_id = $2 and m.confirm`,
    [teamId, userId],
  )
  return rows[0]
}

/** A workspace's memberships; invitations not yet accepted only when `withInvitations`. */
export async function listMemberships(
  db: TQueryable,
  teamId: string,
  window: TListWindow & { withInvitations: boolean },
): Promise<{ total: number; memberships: TMembershipRow[] }> {
  const where = `m.team_id = $1 and ($2 or m.confirm)
    and ($3 = '' or coalesce(nullif(u.name, ''), m.name) ilike $4 or coalesce(u.email, m.email) ilike $4)`
  const params = [teamId, window.withInvitations, window.search, containing(window.search)]
  const order = window.order.column === 'name' ? "coalesce(nullif(u.name, ''), m.name)" : 'm.created_at'
  const { rows } = await db.query<TMembershipRow>(
    `select ${MEMBERSHIP_COLUMNS} from ${MEMBERSHIP_FROM} where ${where}
     order by ${order} ${window.order.direction}, m.id limit $5 offset $6`,
    [...params, window.limit, window.offset],
  )
  const count = await db.query<{ total: number }>(
    `select count(*)::int as total from ${MEMBERSHIP_FROM} where ${where}`,
    params,
  )
  return { total: count.rows[0]?.total ?? 0, memberships: rows }
}

export async function countMemberships(db: TQueryable, teamId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    'select count(*)::int as total from memberships where team_id = $1',
    [teamId],
  )
  return rows[0]?.total ?? 0
}

/** Confirmed owners of a workspace other than `exceptMembershipId`. */
export async function countOtherOwners(
  db: TQueryable,
  teamId: string,
  exceptMembershipId: string,
): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select count(*)::int as total from memberships
     where team_id = $1 and id <> $2 and confirm and 'owner' = any(roles)`,
    [teamId, exceptMembershipId],
  )
  return rows[0]?.total ?? 0
}

export async function updateMembershipRoles(
  db: TQueryable,
  membershipId: string,
  roles: TTeamRole[],
): Promise<void> {
  await db.query('update memberships set roles = $2, updated_at = now() where id = $1', [membershipId, roles])
}

export async function deleteMembership(db: TQueryable, membershipId: string): Promise<void> {
  await db.query('delete from memberships where id = $1', [membershipId])
}

/**
 * Accepts an invitation whose secret matches and has not expired: the membership becomes the user's,
 * confirmed, and the secret is spent. False when no such invitation is waiting (used, revoked, expired).
 */
export async function acceptMembership(
  db: TQueryable,
  options: { membershipId: string; secretHash: string; userId: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update memberships set user_id = $3, confirm = true, joined_at = now(), secret_hash = null,
       secret_expire = null, updated_at = now()
     where id = $1 and not confirm and secret_hash = $2 and secret_expire > now()`,
    [options.membershipId, options.secretHash, options.userId],
  )
  return rowCount > 0
}

/** The accounts of a workspace's confirmed members. */
export async function findMemberUserIds(db: TQueryable, teamId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    'select user_id from memberships where team_id = $1 and confirm and user_id is not null',
    [teamId],
  )
  return rows.map((row) => row.user_id)
}
