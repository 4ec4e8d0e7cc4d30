import { imapMailboxLabel, ReportCohort, ReportLimits, type TReportCohort } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TReportFilters } from './report-period'
import type { TReportNames } from './report-summary'

/** A ticket's creation in the report's period, `t` being `tickets`. */
export const CREATED_IN_PERIOD = 't.created_at >= $2 and t.created_at < $3'
/** A row's creation in the period, in the report's workspace, `r` being `report_rows`. */
export const ROW_CREATED_IN_PERIOD = 'r."teamId" = $1 and r."createdAt" >= $2 and r."createdAt" < $3'

/**
 * The filters' conditions on a ticket, `t` being `tickets`: the workspace's, narrowed by the group, agent,
 * mailbox, category and priority chosen, not yet by the cohort; the parameters start at $1, and $2, $3 are
 * the period's `[start, end)`.
 */
export function filterConditions(filters: TReportFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [filters.teamId, new Date(filters.start), new Date(filters.end)]
  const where = ['t."teamId" = $1']
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return
    params.push(value)
    where.push(`t.${column} = $${params.length}`)
  }
  equal('"groupId"', filters.groupId)
  equal('"assigneeId"', filters.agentId)
  equal('"mailboxId"', filters.mailboxId)
  equal('"category"', filters.category)
  equal('"priority"', filters.priority)
  return { where: where.join(' and '), params }
}

/** The workspace's events in the period, their `"ticketId"` the tickets that had one. */
export const PERIOD_EVENTS = 'from ticket_events where "teamId" = $1 and created_at >= $2 and created_at < $3'

/** Which tickets a report counts (decision 064): `filterConditions`, and in the cohort over `[start, end)`. */
export function ticketFilter(filters: TReportFilters): { where: string; params: unknown[] } {
  const { where, params } = filterConditions(filters)
  const cohort =
    filters.cohort === ReportCohort.created
      ? CREATED_IN_PERIOD
      : `t.id in (select "ticketId" ${PERIOD_EVENTS})`
  return { where: `${where} and ${cohort}`, params }
}

/**
 * The condition on a ticket's row, `r` (of `report_rows`), for a report to read it, after `ticketFilter`'s
 * parameters. A ticket created in the period is read with a row that holds a creation in the period, so
 * such rows are read by their own index of creation instead of every row of the database hashed (decision
 * 069); a ticket of the "events" cohort created outside the period is read with its row, found by key.
 */
export const rowOfPeriod = (cohort: TReportCohort) =>
  cohort === ReportCohort.created
    ? `and ${ROW_CREATED_IN_PERIOD}`
    : `and (${ROW_CREATED_IN_PERIOD} or not (${CREATED_IN_PERIOD}))`

/** A ticket a report found without a stored measure: what measuring it and storing its row need. */
export type TUnmeasuredTicket = {
  id: string
  groupId: string | null
  mailboxId: string | null
  createdAt: Date
}

/**
 * The report's tickets that have no stored measure yet (older than migration 061, or measured no more), or
 * one the report does not read (`rowOfPeriod`): it would count that ticket as measuring nothing.
 */
export async function findUnmeasured(db: TQueryable, filters: TReportFilters): Promise<TUnmeasuredTicket[]> {
  const { where, params } = ticketFilter(filters)
  params.push(ReportLimits.tickets)
  const { rows } = await db.query<TUnmeasuredTicket>(
    `select t.id, t."groupId", t."mailboxId", t.created_at as "createdAt" from tickets t
     where ${where} and not exists (select 1 from report_rows r where r."ticketId" = t.id ${rowOfPeriod(filters.cohort)})
     order by t.created_at, t.seq limit $${params.length}`,
    params,
  )
  return rows
}

/**
 * The names the report shows: members by id, the workspace's groups, mailboxes and SLA policies by id. A mailbox is named
 * as the ticket list's mailbox filter names it (mail/mailboxes/mailbox-directory.ts): its parsing address,
 * or an IMAP account by `imapMailboxLabel`.
 */
export async function findReportNames(
  db: TQueryable,
  teamId: string,
  userIds: readonly string[],
): Promise<TReportNames> {
  // One after another: they share the report's connection, where node-postgres only queues a statement sent
  // while another runs (and warns that pg 9 will refuse it).
  const users = await db.query<{ id: string; name: string; email: string }>(
    'select id, name, email from users where id = any($1::text[])',
    [userIds],
  )
  const groups = await db.query<{ id: string; name: string }>(
    'select id, name from groups where "teamId" = $1',
    [teamId],
  )
  const addresses = await db.query<{ id: string; address: string }>(
    'select id, "address" from mailboxes where "teamId" = $1',
    [teamId],
  )
  const accounts = await db.query<{ id: string; username: string; host: string }>(
    'select id, "username", "host" from imap_accounts where "teamId" = $1',
    [teamId],
  )
  const policies = await db.query<{ id: string; name: string }>(
    'select id, name from sla_policies where "teamId" = $1',
    [teamId],
  )
  return {
    users: new Map(users.rows.map((row) => [row.id, row.name || row.email])),
    groups: new Map(groups.rows.map((row) => [row.id, row.name])),
    mailboxes: new Map([
      ...addresses.rows.map((row): [string, string] => [row.id, row.address]),
      ...accounts.rows.map((row): [string, string] => [row.id, imapMailboxLabel(row)]),
    ]),
    policies: new Map(policies.rows.map((row) => [row.id, row.name])),
  }
}
