import { uniqueId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { isUniqueViolation } from '../../db/unique-violation'
import { formatPermissions, rolesFor, type TPermission } from '../../documents/permissions'
import { WorkspacePermissions } from '../../teams/workspace-access'
import { canonicalRecipient, generateMailboxAddress, generateWebhookSecret } from './mailbox-address'

export type TMailboxRow = {
  seq: number
  id: string
  address: string
  userId: string
  teamId: string
  webhookSecret: string
  permissions: string[]
  read_roles: string[]
}

/** The counter column each final outcome increments. */
export const OUTCOME_COUNTER = {
  ticket: 'tickets',
  'thread-message': 'threadMessages',
  duplicate: 'duplicates',
  'auto-reply': 'autoReplies',
  bounce: 'bounces',
  loop: 'loops',
  rejected: 'rejected',
} as const
export type TInboundOutcome = keyof typeof OUTCOME_COUNTER

/** Every member reads the address; owners and admins may regenerate it; nobody deletes it. */
export function mailboxPermissions(teamId: string): TPermission[] {
  return [...WorkspacePermissions.members(teamId), ...WorkspacePermissions.managers(teamId, ['update'])]
}

export async function findMailboxById(db: TQueryable, id: string): Promise<TMailboxRow | undefined> {
  const { rows } = await db.query<TMailboxRow>('select * from mailboxes where id = $1', [id])
  return rows[0]
}

export async function findMailboxByAddress(
  db: TQueryable,
  address: string,
): Promise<TMailboxRow | undefined> {
  const { rows } = await db.query<TMailboxRow>('select * from mailboxes where address = $1', [
    canonicalRecipient(address),
  ])
  return rows[0]
}

export type TMailboxLookup = { findByAddress(address: string): Promise<TMailboxRow | undefined> }

/**
 * Mailboxes by address, each found one kept `ttlMs` in this process: a burst of mail to one mailbox costs
 * one lookup per `ttlMs`, and concurrent lookups of one address share a query. An address not found is
 * asked again every time, so a new mailbox receives at once. The price: an address regenerated (or a
 * mailbox deleted) elsewhere is still found here for up to `ttlMs` after that commit.
 */
export function createMailboxLookup(options: { db: TQueryable; ttlMs: number }): TMailboxLookup {
  // Insertion order is expiry order (every entry lives ttlMs), so the expired ones are in front.
  const found = new Map<string, { mailbox: Promise<TMailboxRow | undefined>; until: number }>()
  return {
    findByAddress(address) {
      const key = canonicalRecipient(address)
      const now = performance.now()
      for (const [oldKey, old] of found) {
        if (old.until > now) break
        found.delete(oldKey)
      }
      const kept = found.get(key)
      if (kept) return kept.mailbox
      const entry = { mailbox: findMailboxByAddress(options.db, key), until: now + options.ttlMs }
      found.set(key, entry)
      const forget = () => {
        if (found.get(key) === entry) found.delete(key)
      }
      entry.mailbox.then((mailbox) => {
        if (!mailbox) forget()
      }, forget)
      return entry.mailbox
    },
  }
}

export type TEnsureMailboxOptions = {
  teamId: string
  /** Who is setting it up: the address is made from their name. */
  user: { id: string; name: string; email: string }
  domain: string
}

/**
 * The workspace's parsing mailbox (its first, should it have several), created on first need. The
 * workspace row is locked while looking, so concurrent callers get the same mailbox.
 */
export async function ensureMailbox(db: TQueryable, options: TEnsureMailboxOptions): Promise<TMailboxRow> {
  const { teamId, user, domain } = options
  const { rows: teams } = await db.query('select id from teams where id = $1 for update', [teamId])
  if (teams.length === 0) throw new Error(`workspace ${teamId} does not exist`)
  const { rows } = await db.query<TMailboxRow>(
    'select * from mailboxes where "teamId" = $1 order by seq limit 1',
    [teamId],
  )
  if (rows[0]) return rows[0]
  const permissions = mailboxPermissions(teamId)
  for (let attempt = 0; ; attempt++) {
    try {
      const inserted = await db.query<TMailboxRow>(
        `insert into mailboxes (id, permissions, read_roles, "address", "userId", "teamId", "webhookSecret")
         values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [
          uniqueId(),
          formatPermissions(permissions),
          rolesFor(permissions, 'read'),
          generateMailboxAddress({ name: user.name, email: user.email, domain }),
          user.id,
          teamId,
          generateWebhookSecret(),
        ],
      )
      return inserted.rows[0] as TMailboxRow
    } catch (error) {
      // A random part already taken (astronomically rare): draw again.
      if (!isUniqueViolation(error) || attempt > 3) throw error
    }
  }
}

/** Counts one more delivery, or one more final outcome, on the mailbox document. */
export async function countOnMailbox(
  db: TQueryable,
  options: { mailboxId: string; counter: 'received' | (typeof OUTCOME_COUNTER)[TInboundOutcome] },
): Promise<void> {
  await db.query(`update mailboxes set "${options.counter}" = "${options.counter}" + 1 where id = $1`, [
    options.mailboxId,
  ])
}
