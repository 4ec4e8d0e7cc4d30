import type { TQueryable } from '../db/database'

export type TAccountTokenKind = 'recovery' | 'verification' | 'email-change'

export type TAccountTokenRow = {
  id: string
  user_id: string
  kind: TAccountTokenKind
  /** The new address an email-change token is for; null for the other kinds. */
  email: string | null
  expire: Date
  created_at: Date
}

export async function insertAccountToken(
  db: TQueryable,
  token: {
    id: string
    userId: string
    kind: TAccountTokenKind
    secretHash: string
    expire: Date
    email?: string
  },
): Promise<TAccountTokenRow> {
  const { rows } = await db.query<TAccountTokenRow>(
    `insert into account_tokens (id, user_id, kind, secret_hash, expire, email) values ($1, $2, $3, $4, $5, $6)
     returning id, user_id, kind, email, expire, created_at`,
    [token.id, token.userId, token.kind, token.secretHash, token.expire, token.email ?? null],
  )
  return rows[0] as TAccountTokenRow
}

/**
 * Spends a token: the one of these kinds, user and secret that is unused and unexpired, marked used in the
 * same statement, so two uses at once cannot both succeed. Undefined when there is none.
 */
export async function spendAccountToken(
  db: TQueryable,
  token: { userId: string; kinds: readonly TAccountTokenKind[]; secretHash: string },
): Promise<TAccountTokenRow | undefined> {
  const { rows } = await db.query<TAccountTokenRow>(
    `update account_tokens set used_at = now()
     where user_id = $1 and kind = any($2::text[]) and secret_hash = $3 and used_at is null and expire > now()
     returning id, user_id, kind, email, expire, created_at`,
    [token.userId, token.kinds, token.secretHash],
  )
  return rows[0]
}

/** Every other unused token of the kind stops working (a newer recovery link replaces the older ones). */
export async function retireAccountTokens(
  db: TQueryable,
  options: { userId: string; kind: TAccountTokenKind; exceptId?: string },
): Promise<void> {
  await db.query(
    `update account_tokens set used_at = now()
     where user_id = $1 and kind = $2 and used_at is null and id <> coalesce($3, '')`,
    [options.userId, options.kind, options.exceptId ?? null],
  )
}

export async function pruneAccountTokens(db: TQueryable): Promise<void> {
  await db.query("delete from account_tokens where expire < now() - interval '1 day'")
}
