import type { TQueryable } from '../../db/database'

/** Remembers Message-IDs as part of tickets' conversations, for answers to them. */
export async function rememberThreadIds(
  db: TQueryable,
  entries: { teamId: string; messageId: string | null; ticketId: string }[],
): Promise<void> {
  const known = entries.filter((entry): entry is typeof entry & { messageId: string } => !!entry.messageId)
  if (known.length === 0) return
  await db.query(
    `insert into mail_thread_ids (team_id, message_id, ticket_id)
     select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (team_id, message_id) do nothing`,
    [known.map((e) => e.teamId), known.map((e) => e.messageId), known.map((e) => e.ticketId)],
  )
}
