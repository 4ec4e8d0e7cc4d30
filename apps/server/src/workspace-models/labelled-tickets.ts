import {
  CategoryKey,
  TicketEventActor,
  TicketEventType,
  type TWorkspaceModelKind,
  WorkspaceModelKind,
  WorkspaceModelLimits,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

/**
 * A ticket whose category (or priority) the team stands behind: a member set it (a correction), or the
 * ticket was closed with what the analysis gave it. `label` is that category or priority, `analysed` what
 * the analysis chose.
 */
export type TLabelledTicket = {
  id: string
  subject: string
  body: string
  text: string
  label: string
  analysed: string | null
  corrected: boolean
  createdAt: Date
}

// The ticket's column and the event a member's correction of it writes, by model; both are fixed names.
const FIELD = {
  [WorkspaceModelKind.category]: { column: 'category', event: TicketEventType.category },
  [WorkspaceModelKind.priority]: { column: 'priority', event: TicketEventType.priority },
} as const

/**
 * The workspace's newest tickets labelled for one model, newest first. Spam is left out: the spam rules
 * file it and rank it low, and "not spam" is taught apart (trusted senders).
 */
export async function readLabelledTickets(
  db: TQueryable,
  teamId: string,
  kind: TWorkspaceModelKind,
): Promise<TLabelledTicket[]> {
  const { column } = FIELD[kind]
  const { rows } = await db.query<{
    id: string
    subject: string
    body: string
    label: string
    analysed: string | null
    corrected: boolean
    created_at: Date
  }>(
    `select t.id, t.subject, left(t.body, 4000) as body, t.${column} as label, t.created_at,
       (select e."after" ->> '${column}' from ticket_events e
        where e."ticketId" = t.id and e."type" = $2 order by e.seq limit 1) as analysed,
       exists (select 1 from ticket_events e
        where e."ticketId" = t.id and e."type" = $3 and e."actorType" = $4) as corrected
     from tickets t
     where t."teamId" = $1 and t.${column} is not null and t.category is distinct from $5
       and (t.status = 'closed' or exists (select 1 from ticket_events e
         where e."ticketId" = t.id and e."type" = $3 and e."actorType" = $4))
     order by t.created_at desc, t.id
     limit ${WorkspaceModelLimits.maxExamples}`,
    [teamId, TicketEventType.analysed, FIELD[kind].event, TicketEventActor.user, CategoryKey.spam],
  )
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    body: row.body,
    text: `${row.subject}\n${row.body}`,
    label: row.label,
    analysed: row.analysed,
    corrected: row.corrected,
    createdAt: new Date(row.created_at),
  }))
}

/** How many times members set a ticket's category (or priority) in the workspace, in all and since `since`. */
export async function countCorrections(
  db: TQueryable,
  options: { teamId: string; kind: TWorkspaceModelKind; since: Date | null },
): Promise<{ total: number; since: number }> {
  const { rows } = await db.query<{ total: number; since: number }>(
    `select count(*)::int as total, count(*) filter (where created_at > $4)::int as since
     from ticket_events where "teamId" = $1 and "type" = $2 and "actorType" = $3`,
    [options.teamId, FIELD[options.kind].event, TicketEventActor.user, options.since ?? new Date(0)],
  )
  return rows[0] ?? { total: 0, since: 0 }
}

/** The event type of a member's correction of the model's field. */
export const correctionEventOf = (kind: TWorkspaceModelKind) => FIELD[kind].event
