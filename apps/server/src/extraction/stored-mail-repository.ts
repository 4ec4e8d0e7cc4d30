import { TemplateLimits } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

/** A stored mail as the preview reads it: the parts of its Postmark JSON a template reads, cut to size. */
export type TStoredMailRow = {
  id: string
  ticketId: string
  from: string
  subject: string
  body: string
  rawJson: Record<string, unknown> | null
  receivedAt: string | Date
}

// Only what a template reads of the JSON, each text cut where the engine stops reading: a ticket's JSON
// holds up to 5 MB, and the preview reads 50 of them on each edit.
const MAIL_PARTS = `case when j is null then null else jsonb_build_object(
    'Subject', j->>'Subject',
    'TextBody', left(j->>'TextBody', $BODY::int),
    'HtmlBody', case when coalesce(j->>'TextBody', '') = '' then left(j->>'HtmlBody', $BODY::int) end,
    'StrippedTextReply', left(j->>'StrippedTextReply', $BODY::int),
    'Headers', coalesce(j->'Headers', '[]'::jsonb)) end as "rawJson"`

const parts = (param: number) => MAIL_PARTS.replaceAll('$BODY', `$${param}`)

/**
 * The workspace's newest customer emails: the first email of each of its newest tickets made from mail
 * (the ticket carries it), merged tickets left out. The ticket's id stands for its first email.
 */
export async function recentCustomerMail(db: TQueryable, teamId: string): Promise<TStoredMailRow[]> {
  const { rows } = await db.query<TStoredMailRow>(
    `select id, id as "ticketId", email as "from", subject, left(body, $3::int) as body, created_at as "receivedAt",
       ${parts(3)}
     from tickets t cross join lateral (select t."rawJson" as j) mail
     where "teamId" = $1 and "rawJson" is not null and "mergedIntoId" is null
     order by created_at desc limit $2`,
    [teamId, TemplateLimits.recentEmails, TemplateLimits.bodyRead],
  )
  return rows
}

/**
 * One stored email of the workspace by id: a thread message, or a ticket (its first email); undefined when
 * the workspace has none of that id, whoever else has it.
 */
export async function storedMail(
  db: TQueryable,
  teamId: string,
  id: string,
): Promise<TStoredMailRow | undefined> {
  const { rows } = await db.query<TStoredMailRow>(
    `select id, "ticketId", "from", subject, left(body, $3::int) as body, "createdAt" as "receivedAt",
       ${parts(3)}
     from messages m cross join lateral (select m."rawJson" as j) mail
     where id = $2 and "teamId" = $1
     union all
     select id, id, email, subject, left(body, $3::int), created_at, ${parts(3)}
     from tickets t cross join lateral (select t."rawJson" as j) mail
     where id = $2 and "teamId" = $1
     limit 1`,
    [teamId, id, TemplateLimits.bodyRead],
  )
  return rows[0]
}
