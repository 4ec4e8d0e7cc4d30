import { rolesOfGrants, type TMembershipGrant } from './membership-grants'
import type { TSessionRow } from './sessions'
import type { TUserRow } from './users-repository'

/** Who is calling, and the permission roles that grants them. */
export type TAuth =
  | { kind: 'guest'; roles: string[] }
  | { kind: 'user'; user: TUserRow; session: TSessionRow; roles: string[] }

export const GUEST: TAuth = { kind: 'guest', roles: ['any', 'guests'] }

export function rolesOfUser(user: TUserRow, grants: TMembershipGrant[] = []): string[] {
  const verified = user.email_verification ? 'verified' : 'unverified'
  return [
    'any',
    'users',
    `users/${verified}`,
    `user:${user.id}`,
    `user:${user.id}/${verified}`,
    ...user.labels.map((label) => `label:${label}`),
    ...rolesOfGrants(grants),
  ]
}

/** A signed-in user's roles: their own, and those of the workspaces they are a confirmed member of. */
export function userAuth(user: TUserRow, session: TSessionRow, grants: TMembershipGrant[]): TAuth {
  return { kind: 'user', user, session, roles: rolesOfUser(user, grants) }
}
