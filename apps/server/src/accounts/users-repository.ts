import { FREE_TRIAL_DAYS } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

export type TUserRow = {
  id: string
  email: string
  name: string
  password_hash: string | null
  google_sub: string | null
  status: boolean
  labels: string[]
  prefs: Record<string, unknown>
  email_verification: boolean
  registration: Date
  password_update: Date | null
  accessed_at: Date
  trial_started_at: Date
  trial_ends_at: Date
  created_at: Date
  updated_at: Date
}

export type TInsertUserOptions = {
  id: string
  email: string
  name: string
  passwordHash: string | null
  googleSub?: string | null
  emailVerified?: boolean
}

export async function insertUser(db: TQueryable, options: TInsertUserOptions): Promise<TUserRow> {
  const now = new Date()
  const trialEnds = new Date(now.getTime() + FREE_TRIAL_DAYS * 86_400_000)
  const { rows } = await db.query<TUserRow>(
    `insert into users (id, email, name, password_hash, google_sub, email_verification, password_update,
       trial_started_at, trial_ends_at, registration, created_at, updated_at, accessed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $8, $8, $8)
     returning *`,
    [
      options.id,
      options.email,
      options.name,
      options.passwordHash,
      options.googleSub ?? null,
      options.emailVerified ?? false,
      options.passwordHash ? now : null,
      now,
      trialEnds,
    ],
  )
  return rows[0]!
}

export async function findUserByEmail(db: TQueryable, email: string): Promise<TUserRow | undefined> {
  const { rows } = await db.query<TUserRow>('select * from users where email = $1', [email])
  return rows[0]
}

export async function findUserById(db: TQueryable, id: string): Promise<TUserRow | undefined> {
  const { rows } = await db.query<TUserRow>('select * from users where id = $1', [id])
  return rows[0]
}

export async function findUserByGoogleSub(db: TQueryable, sub: string): Promise<TUserRow | undefined> {
  const { rows } = await db.query<TUserRow>('select * from users where google_sub = $1', [sub])
  return rows[0]
}

export async function linkGoogleSub(db: TQueryable, userId: string, sub: string): Promise<void> {
  await db.query('update users set google_sub = $2, updated_at = now() where id = $1', [userId, sub])
}

export async function touchUser(db: TQueryable, userId: string): Promise<void> {
  await db.query('update users set accessed_at = now() where id = $1', [userId])
}

/** Changes what an account may change of itself: its name, password hash, address (unverified again) or its verification. */
export async function updateUser(
  db: TQueryable,
  userId: string,
  change: { name?: string; passwordHash?: string; email?: string; emailVerified?: boolean },
): Promise<TUserRow> {
  const { rows } = await db.query<TUserRow>(
    `update users set
       name = coalesce($2, name),
       password_hash = coalesce($3, password_hash),
       password_update = case when $3::text is null then password_update else now() end,
       email = coalesce($4, email),
       email_verification = coalesce($5, case when $4::text is not null then false else email_verification end),
       updated_at = now()
     where id = $1 returning *`,
    [
      userId,
      change.name ?? null,
      change.passwordHash ?? null,
      change.email ?? null,
      change.emailVerified ?? null,
    ],
  )
  return rows[0] as TUserRow
}
