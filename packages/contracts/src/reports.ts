import { z } from 'zod'
import type { TCustomFieldValues } from './templates'
import { TICKET_PRIORITIES } from './ticket-priorities'
import { TicketLimits } from './tickets'

/**
 * Reports (issue 27 item 5, decision 064): one summary of a workspace's tickets over a period of local
 * days, and the tickets behind each of its numbers (a "slice"). The page, the drill-down and both CSVs
 * read the same per-ticket rows, so a number means the same in all of them.
 */
export const ReportLimits = {
  /** The longest period one report covers. */
  days: 366,
  /** Tickets one report reads: past it the report says it is cut, and the filters narrow it. */
  tickets: 100_000,
  /** Tickets one drill-down page lists. */
  drillRows: 500,
  statementMs: 10_000,
  /** Reports one member runs at once: a second while one runs is refused (429), not queued. */
  atOncePerMember: 1,
  /**
   * Reports one server process runs at once, every member's together. A summary holds two of the pool's
   * ten connections (its two periods run side by side), so three reports hold at most six, and briefly one
   * more per period while a period stores the rows of tickets it found unmeasured.
   */
  atOncePerProcess: 3,
} as const

export const ReportCohort = {
  /** Tickets created in the period. */
  created: 'created',
  /** Tickets that had any event in the period (created, replied, closed, reopened...). */
  events: 'events',
} as const
export type TReportCohort = (typeof ReportCohort)[keyof typeof ReportCohort]
export const REPORT_COHORTS = Object.values(ReportCohort) as [TReportCohort, ...TReportCohort[]]

/** What each cohort is called on screen and in the CSV's heading. */
export const REPORT_COHORT_LABELS: Record<TReportCohort, string> = {
  created: 'Tickets created in the period',
  events: 'Tickets with events in the period',
}

export const ReportHours = { calendar: 'calendar', business: 'business' } as const
export type TReportHours = (typeof ReportHours)[keyof typeof ReportHours]

export const REPORT_MESSAGES = {
  range: `A report covers 1 to ${ReportLimits.days} days, "from" not after "to"`,
  timeZone: 'Invalid time zone',
  busyMember: 'Your previous report is still being prepared: try again once it has arrived',
  busyServer: `The server is preparing ${ReportLimits.atOncePerProcess} reports already: try again in a few seconds`,
} as const

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const DAY_MS = 86_400_000
const ID_LENGTH = 64
const optionalId = z.string().min(1).max(ID_LENGTH).optional()

export const ZReportQuery = z
  .object({
    teamId: z.string().min(1).max(ID_LENGTH),
    /** Local dates in `timeZone`, both included. */
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string().max(64).refine(isTimeZone, REPORT_MESSAGES.timeZone).default('UTC'),
    cohort: z.enum(REPORT_COHORTS).default(ReportCohort.created),
    hours: z.enum([ReportHours.calendar, ReportHours.business]).default(ReportHours.calendar),
    groupId: optionalId,
    agentId: optionalId,
    mailboxId: optionalId,
    category: z.string().min(1).max(TicketLimits.category).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
  })
  .refine((query) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1
    return days >= 1 && days <= ReportLimits.days
  }, REPORT_MESSAGES.range)
export type TReportQuery = z.infer<typeof ZReportQuery>

/** A slice's key: `created:2026-11-20`, `mailbox:none`, `firstReply:1h-4h`, `oneTouch`... */
export const ZReportDrillQuery = z.intersection(ZReportQuery, z.object({ slice: z.string().min(1).max(200) }))
export type TReportDrillQuery = z.infer<typeof ZReportDrillQuery>

/** One bar or number: its label, how many tickets, and the slice that lists them. */
export type TReportCount = { slice: string; label: string; count: number }

export type TReportDuration = {
  /** Tickets measured (running ones are left out, docs/metrics.md). */
  count: number
  medianMs: number | null
  p90Ms: number | null
  meanMs: number | null
  histogram: TReportCount[]
}

/** A share: `count` of `total`, with the slice of the `count` tickets. */
export type TReportRate = { slice: string; count: number; total: number }

export type TReportHeadline = {
  tickets: number
  firstReplyMedianMs: number | null
  resolutionMedianMs: number | null
  oneTouch: TReportRate
  reopened: TReportRate
  csat: TReportRate
}

export type TReportLeader = {
  agentId: string
  name: string
  slice: string
  tickets: number
  solved: number
  firstReplyMedianMs: number | null
  oneTouch: number
  csatGood: number
  csatRated: number
}

export type TReportSla = { metric: string; met: TReportRate; breached: TReportRate }

/** What SLA achievement is broken down by: the policy in force, the ticket's priority, group and agent. */
export const REPORT_SLA_DIMENSIONS = ['policy', 'priority', 'group', 'agent'] as const
export type TReportSlaDimension = (typeof REPORT_SLA_DIMENSIONS)[number]

/** One row of a breakdown (a policy, a priority...): each SLA target's met and breached of those done. */
export type TReportSlaRow = { key: string; label: string; targets: TReportSla[] }

export type TReportSummary = {
  query: TReportQuery
  /** The period before, as long as this one: its headline only. */
  previous: { from: string; to: string; headline: TReportHeadline }
  /** True when the report read its limit of tickets: the filters should narrow it. */
  truncated: boolean
  headline: TReportHeadline
  days: { date: string; created: TReportCount; closed: TReportCount; reopened: TReportCount }[]
  /** Tickets not closed now, by how long ago they were created. */
  backlog: TReportCount[]
  volume: {
    mailbox: TReportCount[]
    category: TReportCount[]
    priority: TReportCount[]
    group: TReportCount[]
  }
  firstReply: TReportDuration
  resolution: TReportDuration
  sla: TReportSla[]
  /** SLA achievement per policy, priority, group and agent: rows with at least one target done. */
  slaBy: Record<TReportSlaDimension, TReportSlaRow[]>
  leaderboard: TReportLeader[]
}

/** One ticket of a drill-down, and a row of the per-ticket CSV. */
export type TReportTicketRow = {
  id: string
  number: number
  subject: string
  status: string
  priority: string | null
  category: string | null
  groupId: string | null
  mailboxId: string | null
  assigneeId: string | null
  createdAt: string
  firstReplyMs: number | null
  resolutionMs: number | null
  reopenCount: number
  oneTouch: boolean
  csat: string | null
  /** The ticket's custom values by key; the CSV has a column for each of the workspace's custom fields. */
  customFields: TCustomFieldValues
}

export type TReportDrill = { slice: string; total: number; tickets: TReportTicketRow[] }
