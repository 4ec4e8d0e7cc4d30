import type { TImapAccountStatus, TImapWatchMode } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TDocumentRow } from '../../documents/collection'

export type TImapAccountRow = TDocumentRow & {
  host: string
  port: number
  secure: boolean
  username: string
  /** Sealed by the secret box; never the password itself. */
  password: string
  folder: string
  moveTo: string | null
  enabled: boolean
  mailboxId: string
  userId: string
  teamId: string
  status: TImapAccountStatus
  mode: TImapWatchMode | null
  lastError: string | null
  fetched: number
}

export type TImapAccountState = {
  status: TImapAccountStatus
  mode?: TImapWatchMode | null
  lastError: string | null
}

/**
 * Takes (or keeps) the lease of every enabled account that no live worker holds, so that each account
 * has one connection across all worker processes. A lease not renewed within `leaseSeconds` is free again.
 */
export async function claimImapAccounts(
  db: TQueryable,
  options: { owner: string; leaseSeconds: number; limit: number },
): Promise<TImapAccountRow[]> {
  const { rows } = await db.query<TImapAccountRow>(
    `update imap_accounts set lease_owner = $1, lease_until = now() + make_interval(secs => $2)
     where id in (
       select id from imap_accounts
       where "enabled" and (lease_owner = $1 or lease_owner is null or lease_until < now())
       order by seq limit $3 for update skip locked)
     returning *`,
    [options.owner, options.leaseSeconds, options.limit],
  )
  return rows
}

/** Gives up the leases `owner` holds on accounts other than `keep` (all of them when `keep` is empty). */
export async function releaseImapLeases(
  db: TQueryable,
  options: { owner: string; keep: string[] },
): Promise<void> {
  await db.query(
    `update imap_accounts set lease_owner = null, lease_until = null
     where lease_owner = $1 and not (id = any($2::text[]))`,
    [options.owner, options.keep],
  )
}

/** Records what the watcher found; only while `owner` holds the lease and the owner has not disabled it. */
export async function updateImapAccountState(
  db: TQueryable,
  options: { id: string; owner: string; state: TImapAccountState },
): Promise<TImapAccountRow | undefined> {
  const { state } = options
  const { rows } = await db.query<TImapAccountRow>(
    `update imap_accounts set "status" = $3, "mode" = coalesce($4, "mode"), "lastError" = $5,
       "lastCheckedAt" = now(), updated_at = now()
     where id = $1 and lease_owner = $2 and "enabled" returning *`,
    [options.id, options.owner, state.status, state.mode ?? null, state.lastError],
  )
  return rows[0]
}

/** Counts messages stored from the account; the check time moves without an event of its own. */
export async function recordImapCheck(
  db: TQueryable,
  options: { id: string; fetched: number },
): Promise<TImapAccountRow | undefined> {
  if (options.fetched === 0) {
    await db.query('update imap_accounts set "lastCheckedAt" = now() where id = $1', [options.id])
    return undefined
  }
  const { rows } = await db.query<TImapAccountRow>(
    `update imap_accounts set "fetched" = "fetched" + $2, "lastCheckedAt" = now(), updated_at = now()
     where id = $1 returning *`,
    [options.id, options.fetched],
  )
  return rows[0]
}
