import { imapMailboxLabel, ReportCohort, ReportLimits, type TReportCohort } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TReportFilters } from './report-period'
import type { TReportNames } from './report-summary'

/**
 * Which tickets a report counts (decision 064), `t` being `tickets`: the workspace's, narrowed by the
 * filters, in the cohort over `[start, end)`; its parameters start at $1.
 */
export function ticketFilter(filters: TReportFilters): { where: string; params: unknown[] } {
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
  where.push(
    filters.cohort === ReportCohort.created
      ? 't.created_at >= $2 and t.created_at < $3'
      : `t.id in (select "ticketId" from ticket_events where "teamId" = $1 and created_at >= $2 and created_at < $3)`,
  )
  return { where: where.join(' and '), params }
}

/**
 * The further condition on a ticket's row, `r` (of `report_rows`), for a report of the tickets created in
 * the period to read it, after `ticketFilter`'s parameters: its creation in the period too, so the rows are
 * read by their own index of creation instead of every row of the database hashed (decision 069).
 */
export const rowOfPeriod = (cohort: TReportCohort) =>
  cohort === ReportCohort.created ? 'and r."teamId" = $1 and r."createdAt" >= $2 and r."createdAt" < $3' : ''

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
  const [users, groups, addresses, accounts, policies] = await Promise.all([
    db.query<{ id: string; name: string; email: string }>(
      'select id, name, email from users where id = any($1::text[])',
      [userIds],
    ),
    db.query<{ id: string; name: string }>('select id, name from groups where "teamId" = $1', [teamId]),
    db.query<{ id: string; address: string }>('select id, "address" from mailboxes where "teamId" = $1', [
      teamId,
    ]),
    db.query<{ id: string; username: string; host: string }>(
      'select id, "username", "host" from imap_accounts where "teamId" = $1',
      [teamId],
    ),
    db.query<{ id: string; name: string }>('select id, name from sla_policies where "teamId" = $1', [teamId]),
  ])
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
