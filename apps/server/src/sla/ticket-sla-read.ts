import type { TBusinessHours, TSlaMetric, TTicketSlaView } from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import { addBusinessMs, businessMsBetween } from './business-hours/business-time'
import type { TSlaClock, TTimeline } from './clock/sla-clock'
import { ticketSla } from './clock/ticket-sla'
import { findEventsOf, findPolicies, findSchedules, findSlaTickets } from './sla-repository'

/** With no schedule set, business hours are every hour: a business target then counts calendar time. */
const ALWAYS_OPEN: TTimeline = {
  business: (from, to) => Math.max(0, to - from),
  addBusiness: (from, ms) => from + ms,
}

export const timelineOf = (schedule: TBusinessHours | null): TTimeline =>
  schedule
    ? {
        business: (from, to) => businessMsBetween(schedule, from, to),
        addBusiness: (from, ms) => addBusinessMs(schedule, from, ms),
      }
    : ALWAYS_OPEN

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())

/**
 * The live SLA of tickets, computed from their events at `now` (decision 054), for the tickets of the
 * workspaces `canRead` allows; the others are left out as if they did not exist.
 */
export async function readTicketSla(
  db: TDatabase,
  ids: readonly string[],
  canRead: (teamId: string) => boolean,
  now: number,
): Promise<TTicketSlaView[]> {
  const tickets = (await findSlaTickets(db, ids)).filter((ticket) => canRead(ticket.teamId))
  if (tickets.length === 0) return []
  const events = await findEventsOf(
    db,
    tickets.map((ticket) => ticket.id),
  )
  const teams = new Map<
    string,
    Promise<[Awaited<ReturnType<typeof findPolicies>>, Awaited<ReturnType<typeof findSchedules>>]>
  >()
  const workspaceOf = (teamId: string) => {
    let loaded = teams.get(teamId)
    if (!loaded) {
      loaded = Promise.all([findPolicies(db, teamId), findSchedules(db, teamId)])
      teams.set(teamId, loaded)
    }
    return loaded
  }
  return Promise.all(
    tickets.map(async (ticket) => {
      const [policies, schedules] = await workspaceOf(ticket.teamId)
      const schedule = (ticket.groupId && schedules.byGroup.get(ticket.groupId)) || schedules.fallback
      const sla = ticketSla(
        events.get(ticket.id) ?? [],
        ticket.mailboxId,
        policies,
        now,
        timelineOf(schedule),
      )
      const clocks: TTicketSlaView['clocks'] = {}
      for (const [metric, clock] of Object.entries(sla.clocks) as [TSlaMetric, TSlaClock][]) {
        const { state, dueAt, warnAt, breached, businessHours } = clock
        clocks[metric] = { state, dueAt: iso(dueAt), warnAt: iso(warnAt), breached, businessHours }
      }
      return { ticketId: ticket.id, policyId: sla.policyId, clocks }
    }),
  )
}
