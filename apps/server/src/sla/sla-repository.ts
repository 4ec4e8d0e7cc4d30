import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  EXPLANATION_EVENT_TYPES,
  type TBusinessHours,
  type TTicketEventActorType,
  ZBusinessHours,
  ZSlaPolicyRules,
  ZTicketEventChange,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TSlaPolicy } from './clock/ticket-sla'
import type { TMetricEvent } from './metrics/metric-events'

/**
 * What the SLA clocks read, with their own SQL (decision 043): tickets' fields, their events in the order
 * written, and their workspace's policies (in list order) and schedules. Events, policies and schedules
 * are parsed with the contracts' schemas: their JSON is what the clocks compute on.
 */
export type TSlaTicketRow = { id: string; teamId: string; groupId: string | null; mailboxId: string | null }

export async function findSlaTickets(db: TQueryable, ids: readonly string[]): Promise<TSlaTicketRow[]> {
  const { rows } = await db.query<TSlaTicketRow>(
    'select id, "teamId", "groupId", "mailboxId" from tickets where id = any($1::text[])',
    [ids],
  )
  return rows
}

type TEventRow = {
  ticketId: string
  at: Date
  actorType: TTicketEventActorType
  type: string
  before: unknown
  after: unknown
}

const PARSE_SLICE = 2_000

/**
 * Each ticket's log in the order written, parsed with the contract, without the events that only explain
 * automation (no metric reads them). A report reads hundreds of thousands of events for a year of a large
 * workspace: other requests are answered between slices of them.
 */
export async function findEventsOf(
  db: TQueryable,
  ticketIds: readonly string[],
): Promise<Map<string, TMetricEvent[]>> {
  const events = new Map<string, TMetricEvent[]>()
  if (ticketIds.length === 0) return events
  const { rows } = await db.query<TEventRow>(
    `select "ticketId", created_at as "at", "actorType", "type", "before", "after" from ticket_events
     where "ticketId" = any($1::text[]) and "type" <> all($2::text[]) order by seq`,
    [ticketIds, EXPLANATION_EVENT_TYPES],
  )
  for (const [index, row] of rows.entries()) {
    const change = ZTicketEventChange.parse({ type: row.type, before: row.before, after: row.after })
    const list = events.get(row.ticketId) ?? []
    list.push({ ...change, at: row.at.getTime(), actorType: row.actorType })
    events.set(row.ticketId, list)
    if (index % PARSE_SLICE === PARSE_SLICE - 1) await nextTurn()
  }
  return events
}

export async function findPolicies(db: TQueryable, teamId: string): Promise<TSlaPolicy[]> {
  const { rows } = await db.query<{
    id: string
    conditions: unknown
    targets: unknown
    pausedStatuses: unknown
  }>(
    `select id, "conditions", "targets", "pausedStatuses" from sla_policies where "teamId" = $1
     order by "position", seq`,
    [teamId],
  )
  return rows.map((row) => ({ id: row.id, ...ZSlaPolicyRules.parse(row) }))
}

export type TSchedules = { byGroup: Map<string, TBusinessHours>; fallback: TBusinessHours | null }

export async function findSchedules(db: TQueryable, teamId: string): Promise<TSchedules> {
  const { rows } = await db.query<{
    groupId: string | null
    timeZone: string
    weekly: unknown
    holidays: unknown
  }>('select "groupId", "timeZone", "weekly", "holidays" from business_hours where "teamId" = $1', [teamId])
  const schedules: TSchedules = { byGroup: new Map(), fallback: null }
  for (const row of rows) {
    const schedule = ZBusinessHours.parse(row)
    if (row.groupId) schedules.byGroup.set(row.groupId, schedule)
    else schedules.fallback = schedule
  }
  return schedules
}
