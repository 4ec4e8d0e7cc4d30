import {
  readsSla,
  type TRuleAction,
  type TRuleField,
  type TRuleGroup,
  type TSlaClockState,
  type TSlaMetric,
  type TTicketRow,
} from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TRuleSlaClocks } from './rule-facts'

/** What rules read beside the ticket row: the requester's name and when each side last wrote. */
export type TTicketSurroundings = {
  requesterName: string | null
  lastCustomerAt: Date | null
  lastAgentAt: Date | null
  sla: TRuleSlaClocks
}

/**
 * The tickets' SLA clocks as the ledger last left them (`sla_clocks`, decision 063): one statement. Read
 * from the stored clocks, not derived again: the minute's alerts job keeps them current, and a clock past
 * its due time that the job has not reached yet is seen as breached by its due time (`slaBreached`).
 */
async function readSlaClocks(tx: TQueryable, ids: readonly string[]): Promise<Map<string, TRuleSlaClocks>> {
  const { rows } = await tx.query<{
    ticketId: string
    metric: TSlaMetric
    state: TSlaClockState
    dueAt: Date | null
    breachedAt: Date | null
  }>(
    `select "ticketId", "metric", "state", "dueAt", "breachedAt" from sla_clocks where "ticketId" = any($1)`,
    [ids],
  )
  const clocks = new Map<string, TRuleSlaClocks>()
  for (const { ticketId, metric, state, dueAt, breachedAt } of rows) {
    const of = clocks.get(ticketId) ?? {}
    of[metric] = {
      state,
      dueAt: dueAt === null ? null : new Date(dueAt),
      breachedAt: breachedAt === null ? null : new Date(breachedAt),
    }
    clocks.set(ticketId, of)
  }
  return clocks
}

/** The fields read from a ticket's surroundings, not from its row, the mail or the clocks. */
const SURROUNDING_FIELDS: ReadonlySet<TRuleField> = new Set<TRuleField>([
  'requester.name',
  'time.hours-since-customer-message',
  'time.hours-since-agent-message',
])

const readsSurroundings = (group: TRuleGroup): boolean =>
  group.conditions.some((entry) =>
    entry.type === 'group' ? readsSurroundings(entry) : SURROUNDING_FIELDS.has(entry.field),
  )

/** What a rule takes from a ticket's surroundings (its conditions and actions; left out, everything). */
export type TRuleNeeds = { conditions: TRuleGroup; actions: readonly TRuleAction[] }

/**
 * Whether a rule needs the requester's name or when each side last wrote: a condition reads them, or an
 * automatic reply greets the requester by name. A desk's keyword rules need neither.
 */
const needsSurroundings = (rule: TRuleNeeds): boolean =>
  readsSurroundings(rule.conditions) || rule.actions.some((action) => action.type === 'email-reply')

/**
 * The surroundings of every ticket of a batch: one statement whatever the batch's size, none when no rule
 * of `rules` needs them (then no name and no message times), and another for the SLA clocks when one of
 * `rules` reads them (left out, everything is read).
 */
export async function readSurroundings(
  tx: TQueryable,
  tickets: readonly Pick<TTicketRow, 'id' | 'requesterId' | 'created_at'>[],
  rules?: readonly TRuleNeeds[],
): Promise<Map<string, TTicketSurroundings>> {
  const ids = tickets.map((ticket) => ticket.id)
  const { rows } =
    rules === undefined || rules.some(needsSurroundings)
      ? await tx.query<{
          id: string
          requesterName: string | null
          customer: Date | null
          agent: Date | null
        }>(
          `select t.id, c."name" as "requesterName",
             (select max(m."createdAt") from messages m where m."ticketId" = t.id and m.direction = 'inbound')
               as customer,
             (select max(m."createdAt") from messages m where m."ticketId" = t.id and m.direction = 'outbound')
               as agent
           from unnest($1::text[], $2::text[]) as t (id, "requesterId")
           left join contacts c on c.id = t."requesterId"`,
          [ids, tickets.map((ticket) => ticket.requesterId ?? null)],
        )
      : { rows: [] }
  const known = new Map(rows.map((row) => [row.id, row]))
  const sla =
    rules === undefined || rules.some((rule) => readsSla(rule.conditions))
      ? await readSlaClocks(tx, ids)
      : new Map<string, TRuleSlaClocks>()
  return new Map(
    tickets.map((ticket) => {
      const time = known.get(ticket.id)
      return [
        ticket.id,
        {
          requesterName: time?.requesterName || null,
          // A new ticket's first mail is its body, not a message: the ticket's creation is when they wrote.
          lastCustomerAt: time?.customer ? new Date(time.customer) : ticket.created_at,
          lastAgentAt: time?.agent ? new Date(time.agent) : null,
          sla: sla.get(ticket.id) ?? {},
        },
      ]
    }),
  )
}
