import { uniqueId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { formatPermissions, rolesFor, type TPermission } from '../../documents/permissions'
import { canonicalRecipient, generateMailboxAddress, generateWebhookSecret } from './mailbox-address'

export type TMailboxRow = {
  seq: number
  id: string
  address: string
  userId: string
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

/** The owner reads and may regenerate (update); nobody deletes the parsing address. */
export function mailboxPermissions(userId: string): TPermission[] {
  return [
    { action: 'read', role: `user:${userId}` },
    { action: 'update', role: `user:${userId}` },
  ]
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

export type TEnsureMailboxOptions = { user: { id: string; name: string; email: string }; domain: string }

/** The user's one parsing mailbox, created on first need; concurrent callers get the same row. */
export async function ensureMailbox(db: TQueryable, options: TEnsureMailboxOptions): Promise<TMailboxRow> {
  const { user, domain } = options
  for (let attempt = 0; ; attempt++) {
    const { rows } = await db.query<TMailboxRow>('select * from mailboxes where "userId" = $1', [user.id])
    if (rows[0]) return rows[0]
    const permissions = mailboxPermissions(user.id)
    try {
      const inserted = await db.query<TMailboxRow>(
        `insert into mailboxes (id, permissions, read_roles, "address", "userId", "webhookSecret")
         values ($1, $2, $3, $4, $5, $6) on conflict ("userId") do nothing returning *`,
        [
          uniqueId(),
          formatPermissions(permissions),
          rolesFor(permissions, 'read'),
          generateMailboxAddress({ name: user.name, email: user.email, domain }),
          user.id,
          generateWebhookSecret(),
        ],
      )
      if (inserted.rows[0]) return inserted.rows[0]
    } catch (error) {
      // A random part already taken (astronomically rare): draw again.
      if ((error as { code?: string }).code !== '23505' || attempt > 3) throw error
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
