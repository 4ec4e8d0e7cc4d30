import crypto from 'node:crypto'
import { senderDomainOf, type TBlockedSender, type TBlockedSenderKind } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

type TBlockedSenderRow = {
  id: string
  team_id: string
  kind: TBlockedSenderKind
  value: string
  ticket_id: string | null
  created_by: string
  created_at: Date
}

const toBlockedSender = (row: TBlockedSenderRow): TBlockedSender => ({
  $id: row.id,
  teamId: row.team_id,
  kind: row.kind,
  value: row.value,
  ticketId: row.ticket_id,
  createdBy: row.created_by,
  $createdAt: new Date(row.created_at).toISOString(),
})

/** Blocks an address or domain in a workspace; blocking it again changes nothing. */
export async function blockSender(
  tx: TQueryable,
  options: { teamId: string; kind: TBlockedSenderKind; value: string; ticketId: string; userId: string },
): Promise<void> {
  await tx.query(
    `insert into blocked_senders (id, team_id, kind, value, ticket_id, created_by) values ($1, $2, $3, $4, $5, $6)
     on conflict (team_id, kind, value) do nothing`,
    [crypto.randomUUID(), options.teamId, options.kind, options.value, options.ticketId, options.userId],
  )
}

/** The workspace's block list, newest first. */
export async function listBlockedSenders(db: TQueryable, teamId: string): Promise<TBlockedSender[]> {
  const { rows } = await db.query<TBlockedSenderRow>(
    'select * from blocked_senders where team_id = $1 order by created_at desc, id',
    [teamId],
  )
  return rows.map(toBlockedSender)
}

/** Unblocks; false when the workspace has no such entry. */
export async function unblockSender(
  db: TQueryable,
  options: { teamId: string; id: string },
): Promise<boolean> {
  const { rows } = await db.query('delete from blocked_senders where team_id = $1 and id = $2 returning id', [
    options.teamId,
    options.id,
  ])
  return rows.length > 0
}

/**
 * For mail arriving at mailboxes: the block each sender meets in its mailbox's workspace, if any, in one
 * statement for all of them. Keyed by `mailboxId + ' ' + lower-case sender`.
 */
export async function findSenderBlocks(
  db: TQueryable,
  senders: { mailboxId: string; sender: string }[],
): Promise<Map<string, { kind: TBlockedSenderKind; value: string }>> {
  const blocks = new Map<string, { kind: TBlockedSenderKind; value: string }>()
  if (senders.length === 0) return blocks
  const addresses = senders.map((item) => item.sender.trim().toLowerCase())
  const { rows } = await db.query<{
    mailbox_id: string
    sender: string
    kind: TBlockedSenderKind
    value: string
  }>(
    `select distinct on (s.mailbox_id, s.sender) s.mailbox_id, s.sender, b.kind, b.value
     from unnest($1::text[], $2::text[], $3::text[]) as s(mailbox_id, sender, domain)
     join mailboxes m on m.id = s.mailbox_id
     join blocked_senders b on b.team_id = m."teamId"
       and ((b.kind = 'address' and b.value = s.sender) or (b.kind = 'domain' and b.value = s.domain))
     order by s.mailbox_id, s.sender, b.kind`,
    [
      senders.map((item) => item.mailboxId),
      addresses,
      addresses.map((address) => senderDomainOf(address) ?? ''),
    ],
  )
  for (const row of rows) blocks.set(`${row.mailbox_id} ${row.sender}`, { kind: row.kind, value: row.value })
  return blocks
}
