import { RuleLimits, readsSla, type TTicketRow } from '@parsedesk/contracts'
import type { TLog } from '../core/logger'
import type { TDatabase, TQueryable } from '../db/database'
import { AutomationTrigger, type TRouteTickets } from '../tickets/ticket-automation'
import { recordTicketEvents, type TNewTicketEvent } from '../tickets/ticket-events'
import { evaluateGroup } from './evaluate-conditions'
import type { TRuleTicket } from './rule-facts'
import { readSurroundings } from './rule-facts-repository'
import type { TRuleActionsDeps } from './rule-outbound-actions'
import { type TRuleRow, ZRuleRow } from './rule-repository'
import { runTicketRules, writeTicketRun } from './rules-step'

export type TScheduledRulesDeps = {
  db: TDatabase
  log: TLog
  routeTickets: TRouteTickets | undefined
  actions: TRuleActionsDeps
}

type TCandidate = TRuleTicket & Pick<TTicketRow, 'id' | 'requesterId'>

async function scheduledRules(db: TQueryable): Promise<TRuleRow[]> {
  const { rows } = await db.query(
    `select * from rules where "kind" = 'scheduled' and "enabled" order by "teamId", "position", seq`,
  )
  return rows.map((row) => ZRuleRow.parse(row))
}

/**
 * The open tickets of the rule's workspace it has not fired on, oldest first, at most
 * `RuleLimits.dryRunTickets`: only the columns conditions read (a time rule reads no mail). A rule reading
 * the SLA takes those due soonest first, so a late ticket is not left behind older ones that never breach.
 */
async function candidates(db: TQueryable, rule: TRuleRow): Promise<TCandidate[]> {
  const dueFirst = readsSla(rule.conditions)
    ? `(select min(c."dueAt") from sla_clocks c where c."ticketId" = t.id and c."state" <> 'fulfilled') nulls last, `
    : ''
  const { rows } = await db.query<TCandidate>(
    `select id, email, status, priority, category, "groupId", "assigneeId", tags, "requesterId", created_at,
       to_jsonb(t) -> 'customFields' as "customFields"
     from tickets t
     where "teamId" = $1 and status <> 'closed' and "mergedIntoId" is null
       and not exists (select 1 from rule_firings f where f."ruleId" = $2 and f."ticketId" = t.id)
     order by ${dueFirst}created_at limit $3`,
    [rule.teamId, rule.id, RuleLimits.dryRunTickets],
  )
  return rows
}

/**
 * One rule's firing on the tickets it matches now: each ticket locked, claimed in `rule_firings` (so it
 * fires once, even when two workers overlap), changed and logged; one insert for the events.
 */
async function fire(deps: TScheduledRulesDeps, rule: TRuleRow, ids: string[], now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const { rows: claimed } = await tx.query<{ ticketId: string }>(
      `insert into rule_firings ("ruleId", "ticketId") select $1, unnest($2::text[])
       on conflict do nothing returning "ticketId"`,
      [rule.id, ids],
    )
    const { rows: tickets } = await tx.query<TTicketRow>(
      'select * from tickets where id = any($1) order by id for update',
      [claimed.map((row) => row.ticketId)],
    )
    const surroundings = await readSurroundings(tx, tickets)
    const events: TNewTicketEvent[] = []
    const toRoute: TTicketRow[] = []
    for (const ticket of tickets) {
      const known = surroundings.get(ticket.id)
      if (!known) continue
      // A scheduled run has no mail and no member: nothing but the ticket and the clock.
      const subject = {
        ticket,
        trigger: AutomationTrigger.memberChange,
        before: null,
        mail: null,
        memberId: null,
      }
      const result = runTicketRules(subject, [rule], known, now, 'scheduled')
      const row = await writeTicketRun(tx, ticket, result, events, deps.actions)
      if (result.effects.some((effect) => effect.type === 'route')) toRoute.push(row)
    }
    if (toRoute.length > 0 && deps.routeTickets) await deps.routeTickets(tx, toRoute)
    await recordTicketEvents(tx, events)
    return tickets.length
  })
}

/**
 * Every enabled scheduled rule on its workspace's open tickets at `now`, firing once per ticket per rule.
 * Tickets a rule does not match are not logged (they are read again each minute); a rule that fails is
 * logged and the others still run. Returns how many firings were made.
 */
export async function runScheduledRules(deps: TScheduledRulesDeps, now: Date): Promise<number> {
  let fired = 0
  for (const rule of await scheduledRules(deps.db)) {
    try {
      const open = await candidates(deps.db, rule)
      const surroundings = await readSurroundings(deps.db, open)
      const matching = open.filter((ticket) => {
        const known = surroundings.get(ticket.id)
        return (
          known &&
          evaluateGroup(rule.conditions, { ...known, ticket, before: null, mail: null, reply: false, now })
            .matched
        )
      })
      if (matching.length > 0)
        fired += await fire(
          deps,
          rule,
          matching.map((ticket) => ticket.id),
          now,
        )
    } catch (error) {
      deps.log(`scheduled rule ${rule.id} failed`, error)
    }
  }
  return fired
}
