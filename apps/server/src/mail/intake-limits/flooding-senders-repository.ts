import { INTAKE_LIMITS, type TFloodingSender } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'

/** One more deferred delivery from `sender` to the mailbox. */
export async function recordFloodingSender(
  db: TQueryable,
  options: { mailboxId: string; teamId: string; sender: string },
): Promise<void> {
  await db.query(
    `insert into flooding_senders ("mailboxId", "teamId", "sender", "deferred") values ($1, $2, $3, 1)
     on conflict ("mailboxId", "sender") do update
       set "deferred" = flooding_senders."deferred" + 1, last_deferred_at = now()`,
    [options.mailboxId, options.teamId, options.sender],
  )
}

type TFloodingRow = {
  sender: string
  mailboxId: string
  deferred: number
  first_deferred_at: Date
  last_deferred_at: Date
  ticket_id: string | null
  ticket_number: number | null
}

// A notice, not a log: the dashboard names the few that matter now.
const SHOWN = 20

/**
 * The workspace's flooding senders of the last INTAKE_LIMITS.noticeHours, newest first, each with its
 * newest ticket (what "Mark spam and block sender" acts on); a sender blocked since, by address or
 * domain, is left out: the block already answers the notice.
 */
export async function listFloodingSenders(db: TQueryable, teamId: string): Promise<TFloodingSender[]> {
  const { rows } = await db.query<TFloodingRow>(
    `select f."sender", f."mailboxId", f."deferred", f.first_deferred_at, f.last_deferred_at,
       t.id as ticket_id, t."number" as ticket_number
     from flooding_senders f
     left join lateral (
       select id, "number" from tickets
       where "teamId" = f."teamId" and lower("email") = f."sender" and "mergedIntoId" is null
       order by created_at desc, seq desc limit 1
     ) t on true
     where f."teamId" = $1 and f.last_deferred_at > now() - $2 * interval '1 hour'
       and not exists (
         select 1 from blocked_senders b where b.team_id = f."teamId"
           and ((b.kind = 'address' and b.value = f."sender")
             or (b.kind = 'domain' and b.value = split_part(f."sender", '@', 2))))
     order by f.last_deferred_at desc limit $3`,
    [teamId, INTAKE_LIMITS.noticeHours, SHOWN],
  )
  return rows.map((row) => ({
    sender: row.sender,
    mailboxId: row.mailboxId,
    deferred: row.deferred,
    firstDeferredAt: new Date(row.first_deferred_at).toISOString(),
    lastDeferredAt: new Date(row.last_deferred_at).toISOString(),
    ticketId: row.ticket_id,
    ticketNumber: row.ticket_number === null ? null : Number(row.ticket_number),
  }))
}
