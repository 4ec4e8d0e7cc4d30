import type { TSessionRow } from './sessions'
import type { TUserRow } from './users-repository'

/** Who is calling, and the permission roles that grants them. */
export type TAuth =
  | { kind: 'guest'; roles: string[] }
  | { kind: 'user'; user: TUserRow; session: TSessionRow; roles: string[] }

export const GUEST: TAuth = { kind: 'guest', roles: ['any', 'guests'] }

export function rolesOfUser(user: TUserRow): string[] {
  const verified = user.email_verification ? 'verified' : 'unverified'
  return [
    'any',
    'users',
    `users/${verified}`,
    `user:${user.id}`,
    `user:${user.id}/${verified}`,
    ...user.labels.map((label) => `label:${label}`),
  ]
}

export function userAuth(user: TUserRow, session: TSessionRow): TAuth {
  return { kind: 'user', user, session, roles: rolesOfUser(user) }
}
