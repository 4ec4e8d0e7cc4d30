import { NotificationLimits } from '@parsedesk/contracts'
import { z } from 'zod'
import type { TDatabase } from '../db/database'
import { defineJob } from '../jobs/job-definition'

/** What the job needs from the worker: the database and the announcing of what it made. */
export type TUnassignedTicketsDeps = {
  db: TDatabase
  /** Announces notifications made and not yet announced (and any a lost bus event left waiting). */
  announceWaiting(): Promise<number>
}

export type TNotificationsJobContext = { notifications: TUnassignedTicketsDeps }

// A ticket left unassigned longer than this is old news, not something that just slipped: the minute's
// query stays bounded by the tickets of the last week.
const LOOK_BACK = '7 days'

/**
 * Tells each member of a ticket's group that it waits unassigned, once it has waited the workspace's N
 * minutes (team preference `notifyUnassignedMinutes`, default 15) since it was filed, unassigned or moved
 * to the group. One notification per member and spell: the spell's start is in its cause, so the minute's
 * runs never tell twice, and a ticket assigned and unassigned again starts a new spell. Open and in-progress
 * tickets only; pending, on hold and closed ones wait on someone else.
 */
/** Makes the notifications due; answers how many member-tickets were due (already told ones included). */
export async function notifyUnassignedTickets(db: TDatabase): Promise<number> {
  const { rows } = await db.query(
    `with waiting as (
       select t.id, t."teamId", t."groupId",
         greatest(t.created_at, (
           select max(e.created_at) from ticket_events e
           where e."ticketId" = t.id and e."type" in ('assignee', 'group')
         )) as since,
         coalesce(
           case when jsonb_typeof(tm.prefs -> $1) = 'number' then (tm.prefs ->> $1)::numeric end, $2
         ) as minutes
       from tickets t join teams tm on tm.id = t."teamId"
       where t."assigneeId" is null and t."groupId" is not null and t.status in ('open', 'in-progress')
         and t.created_at > now() - interval '${LOOK_BACK}'
     ), due as (
       select w.*, member ->> 0 as member
       from waiting w join groups g on g.id = w."groupId",
         jsonb_array_elements(g."memberIds") as member
       where w.since <= now() - make_interval(mins => greatest($3, least($4, w.minutes))::int)
     )
     select notify_member(
       member, 'unassigned', id, null, 'unassigned:' || id || ':' || extract(epoch from since)::text
     ) from due`,
    [
      NotificationLimits.unassignedMinutesPref,
      NotificationLimits.unassignedMinutesDefault,
      NotificationLimits.unassignedMinutesMin,
      NotificationLimits.unassignedMinutesMax,
    ],
  )
  return rows.length
}

/**
 * Every minute, once for the cluster (a pg-boss schedule, decision 038): tickets of a group waiting
 * unassigned are told to the group's members, and notifications a lost bus event left unannounced are
 * announced.
 */
export const unassignedTicketsJob = defineJob<Record<string, never>, TNotificationsJobContext>({
  id: 'notify-unassigned',
  version: 1,
  payload: z.object({}).strict(),
  policy: { retryLimit: 0, retryDelaySeconds: 30, expireInSeconds: 5 * 60 },
  singletonKey: () => 'notify-unassigned',
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  async handle({ ctx }) {
    await notifyUnassignedTickets(ctx.notifications.db)
    await ctx.notifications.announceWaiting()
  },
})
