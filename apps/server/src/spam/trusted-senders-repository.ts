import crypto from 'node:crypto'
import type { TTrustedSender } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

type TTrustedSenderRow = {
  id: string
  team_id: string
  address: string
  ticket_id: string | null
  created_by: string
  created_at: Date
}

const toTrustedSender = (row: TTrustedSenderRow): TTrustedSender => ({
  $id: row.id,
  teamId: row.team_id,
  address: row.address,
  ticketId: row.ticket_id,
  createdBy: row.created_by,
  $createdAt: new Date(row.created_at).toISOString(),
})

const normalise = (address: string) => address.trim().toLowerCase()

/** Remembers that a member vouched for a sender; vouching again changes nothing. */
export async function trustSender(
  tx: TQueryable,
  options: { teamId: string; address: string; ticketId: string; userId: string },
): Promise<void> {
  await tx.query(
    `insert into trusted_senders (id, team_id, address, ticket_id, created_by) values ($1, $2, $3, $4, $5)
     on conflict (team_id, address) do nothing`,
    [crypto.randomUUID(), options.teamId, normalise(options.address), options.ticketId, options.userId],
  )
}

/** The workspace's senders marked not spam, newest first. */
export async function listTrustedSenders(db: TQueryable, teamId: string): Promise<TTrustedSender[]> {
  const { rows } = await db.query<TTrustedSenderRow>(
    'select * from trusted_senders where team_id = $1 order by created_at desc, id',
    [teamId],
  )
  return rows.map(toTrustedSender)
}

/** Forgets a sender; false when the workspace has no such entry. */
export async function forgetTrustedSender(
  db: TQueryable,
  options: { teamId: string; id: string },
): Promise<boolean> {
  const { rows } = await db.query('delete from trusted_senders where team_id = $1 and id = $2 returning id', [
    options.teamId,
    options.id,
  ])
  return rows.length > 0
}

/**
 * Of these senders, those their workspace trusts, in one statement for a batch. Keyed by
 * `teamId + ' ' + lower-case address`.
 */
export async function findTrustedSenders(
  db: TQueryable,
  senders: { teamId: string; address: string }[],
): Promise<Set<string>> {
  if (senders.length === 0) return new Set()
  const { rows } = await db.query<{ team_id: string; address: string }>(
    `select distinct t.team_id, t.address
     from unnest($1::text[], $2::text[]) as s(team_id, address)
     join trusted_senders t on t.team_id = s.team_id and t.address = s.address`,
    [senders.map((item) => item.teamId), senders.map((item) => normalise(item.address))],
  )
  return new Set(rows.map((row) => `${row.team_id} ${row.address}`))
}

export const trustKey = (teamId: string, address: string) => `${teamId} ${normalise(address)}`
