import { z } from 'zod'
import { ZListName } from './groups'
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketLimits,
  TicketStatus,
  type TTicketPriority,
} from './tickets'

/**
 * Business hours (decision 054): a time zone, the hours of each weekday and holidays. Durations and due
 * times in business time count only these hours, read on the schedule's wall clock.
 */
export const SlaLimits = {
  /** Opening spans a weekday may have (a lunch break makes two). */
  spansPerDay: 4,
  /** Holidays one schedule holds: years of public holidays for one country fit easily. */
  holidays: 500,
  /** An imported iCal file's size in bytes. */
  icalBytes: 512 * 1024,
  scheduleName: 80,
} as const

/** Weekdays as JavaScript numbers them: 0 is Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const

/** "HH:MM" on the schedule's wall clock; `24:00` ends a day. */
const ZClockTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'A time is written HH:MM (00:00 to 24:00).')

export const SLA_MESSAGES = {
  spanOrder: 'An opening span must end after it starts.',
  spansOverlap: 'Opening spans of one day must not overlap.',
  timeZone: 'Unknown time zone.',
  icalEmpty: 'The iCal file holds no all-day events.',
  icalTooLarge: `An iCal file is at most ${SlaLimits.icalBytes / 1024} KB.`,
  icalTooMany: `A schedule holds at most ${SlaLimits.holidays} holidays.`,
} as const

export const ZOpeningSpan = z
  .object({ from: ZClockTime, to: ZClockTime })
  .refine((span) => span.from < span.to, SLA_MESSAGES.spanOrder)
export type TOpeningSpan = z.infer<typeof ZOpeningSpan>

const ZDaySpans = z
  .array(ZOpeningSpan)
  .max(SlaLimits.spansPerDay)
  .refine((spans) => {
    const sorted = [...spans].sort((a, b) => a.from.localeCompare(b.from))
    return sorted.every((span, i) => i === 0 || sorted[i - 1]!.to <= span.from)
  }, SLA_MESSAGES.spansOverlap)

/** A calendar date `YYYY-MM-DD` on the schedule's wall clock. */
export const ZCalendarDate = z.iso.date()

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** An iCal file's text, sent to read its holidays from. */
export const ZIcalImport = z
  .object({ ics: z.string().max(SlaLimits.icalBytes, SLA_MESSAGES.icalTooLarge) })
  .strict()

export const ZBusinessHours = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, SLA_MESSAGES.timeZone),
  /** Index = weekday (0 Sunday); an empty day is closed. */
  weekly: z.array(ZDaySpans).length(WEEKDAYS.length),
  holidays: z.array(ZCalendarDate).max(SlaLimits.holidays),
})
export type TBusinessHours = z.infer<typeof ZBusinessHours>

/** The targets an SLA policy sets (decision 054). */
export const SlaMetric = {
  firstReply: 'first-reply',
  nextReply: 'next-reply',
  resolution: 'resolution',
} as const
export type TSlaMetric = (typeof SlaMetric)[keyof typeof SlaMetric]
export const SLA_METRICS = Object.values(SlaMetric) as [TSlaMetric, ...TSlaMetric[]]

/** A target in minutes, counted in business hours (the ticket's schedule) or calendar hours. */
export const ZSlaTarget = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 60),
  businessHours: z.boolean(),
})
export type TSlaTarget = z.infer<typeof ZSlaTarget>

export const ZSlaTargets = z.partialRecord(z.enum(SLA_METRICS), ZSlaTarget)
export type TSlaTargets = z.infer<typeof ZSlaTargets>

/** Where a ticket is on one target: the share of the target used at which members are warned. */
export const SLA_WARNING_SHARE = 0.75

/** A ticket without a priority is held to its policy's medium targets. */
export const SLA_UNPRIORITISED_AS = 'medium' as const

/** What a policy matches on; an empty list matches any value, a filled one any of its values. */
export const ZSlaConditions = z.object({
  priorities: z.array(z.enum(TICKET_PRIORITIES)).max(TICKET_PRIORITIES.length),
  groupIds: z.array(z.string().max(36)).max(50),
  categories: z.array(z.string().max(TicketLimits.category)).max(50),
  tags: z.array(z.string().max(TicketLimits.tag)).max(50),
  mailboxIds: z.array(z.string().max(36)).max(50),
})
export type TSlaConditions = z.infer<typeof ZSlaConditions>

/** A policy as the clocks read it: its conditions, targets per priority, and which statuses pause it. */
export const ZSlaPolicyRules = z.object({
  conditions: ZSlaConditions,
  targets: z.object(
    Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, ZSlaTargets])) as Record<
      TTicketPriority,
      typeof ZSlaTargets
    >,
  ),
  pausedStatuses: z
    .array(z.enum(TICKET_STATUSES))
    .max(TICKET_STATUSES.length)
    .default([TicketStatus.pending]),
})
export type TSlaPolicyRules = z.infer<typeof ZSlaPolicyRules>

/** A workspace's schedules: one default (no group) and at most one per group. */
export const BusinessHoursLimits = { perWorkspace: 100 } as const

export const BusinessHoursMessages = {
  managersOnly: 'Only owners and admins manage business hours',
  nameRequired: `A schedule's name is 1 to ${SlaLimits.scheduleName} characters`,
  taken: 'This workspace already has a schedule of this name, or one for this group (or its default)',
  tooMany: `A workspace has at most ${BusinessHoursLimits.perWorkspace} schedules`,
} as const

/** A stored schedule; `groupId` null makes it the workspace's default. */
export const ZBusinessHoursAttributes = z.object({
  teamId: z.string(),
  name: z.string().max(SlaLimits.scheduleName),
  groupId: z.string().max(36).nullable(),
  ...ZBusinessHours.shape,
})
export type TBusinessHoursAttributes = z.infer<typeof ZBusinessHoursAttributes>

const ZScheduleName = ZListName(SlaLimits.scheduleName, BusinessHoursMessages.nameRequired)

export const ZBusinessHoursCreate = z.object({
  teamId: z.string().max(36).optional(),
  name: ZScheduleName,
  groupId: z.string().max(36).nullable().default(null),
  ...ZBusinessHours.shape,
})
export type TBusinessHoursCreate = z.input<typeof ZBusinessHoursCreate>

/** Each field on its own; a schedule's group or default role is changed with `groupId`. */
export const ZBusinessHoursUpdate = z
  .object({
    name: ZScheduleName,
    groupId: z.string().max(36).nullable(),
    ...ZBusinessHours.shape,
  })
  .partial()
export type TBusinessHoursUpdate = z.input<typeof ZBusinessHoursUpdate>

/** An ordered list: the first policy matching a ticket applies to it (decision 054). */
export const SlaPolicyLimits = { perWorkspace: 50, name: 80, position: 1000 } as const

export const SlaPolicyMessages = {
  managersOnly: 'Only owners and admins manage SLA policies',
  nameRequired: `An SLA policy's name is 1 to ${SlaPolicyLimits.name} characters`,
  nameTaken: 'This workspace already has an SLA policy of this name',
  tooMany: `A workspace has at most ${SlaPolicyLimits.perWorkspace} SLA policies`,
} as const

const ZPolicyPosition = z.number().int().min(0).max(SlaPolicyLimits.position)

/** A stored policy: its place in the list (lowest first), conditions, targets and pausing statuses. */
export const ZSlaPolicyAttributes = z.object({
  teamId: z.string(),
  name: z.string().max(SlaPolicyLimits.name),
  position: ZPolicyPosition,
  ...ZSlaPolicyRules.shape,
})
export type TSlaPolicyAttributes = z.infer<typeof ZSlaPolicyAttributes>

const ZPolicyName = ZListName(SlaPolicyLimits.name, SlaPolicyMessages.nameRequired)

export const ZSlaPolicyCreate = z.object({
  teamId: z.string().max(36).optional(),
  name: ZPolicyName,
  position: ZPolicyPosition,
  ...ZSlaPolicyRules.shape,
})
export type TSlaPolicyCreate = z.input<typeof ZSlaPolicyCreate>

export const ZSlaPolicyUpdate = z
  .object({
    name: ZPolicyName,
    position: ZPolicyPosition,
    conditions: ZSlaConditions,
    targets: ZSlaPolicyRules.shape.targets,
    pausedStatuses: z.array(z.enum(TICKET_STATUSES)).max(TICKET_STATUSES.length),
  })
  .partial()
export type TSlaPolicyUpdate = z.input<typeof ZSlaPolicyUpdate>

/** What `GET /v1/sla/tickets?ids=` answers: each ticket's policy and live clocks (the badges read it). */
export const SlaReadLimits = { ticketsPerRead: 100 } as const

export const ZSlaTicketsQuery = z.object({
  ids: z
    .string()
    .max(SlaReadLimits.ticketsPerRead * 37)
    .transform((ids) => ids.split(',').filter(Boolean))
    .pipe(z.array(z.string().max(36)).min(1).max(SlaReadLimits.ticketsPerRead)),
})

export const SlaClockState = { active: 'active', paused: 'paused', fulfilled: 'fulfilled' } as const
export type TSlaClockState = (typeof SlaClockState)[keyof typeof SlaClockState]

export const ZSlaClockView = z.object({
  state: z.enum(Object.values(SlaClockState) as [TSlaClockState, ...TSlaClockState[]]),
  dueAt: z.iso.datetime().nullable(),
  warnAt: z.iso.datetime().nullable(),
  breached: z.boolean(),
  businessHours: z.boolean(),
})
export type TSlaClockView = z.infer<typeof ZSlaClockView>

export const ZTicketSlaView = z.object({
  ticketId: z.string(),
  policyId: z.string().nullable(),
  clocks: z.partialRecord(z.enum(SLA_METRICS), ZSlaClockView),
})
export type TTicketSlaView = z.infer<typeof ZTicketSlaView>

const SLA_METRIC_LABELS: Record<TSlaMetric, string> = {
  [SlaMetric.firstReply]: 'first reply',
  [SlaMetric.nextReply]: 'next reply',
  [SlaMetric.resolution]: 'resolution',
}

/** "42 min", "2 h", "3 d": a badge's span, rounded down to its largest unit. */
export function formatSlaSpan(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`
  return `${Math.floor(minutes / (24 * 60))} d`
}

/**
 * A running clock's badge, as issue 27 words it: "first reply due in 42 min", "resolution breached 2 h ago", "next reply
 * paused"; a fulfilled clock has none (null). The tone is what the badge's colour says.
 */
export function slaBadge(
  metric: TSlaMetric,
  clock: TSlaClockView,
  now: number,
): { text: string; tone: 'red' | 'yellow' | 'gray' | 'blue' } | null {
  if (clock.state === SlaClockState.fulfilled) return null
  const label = SLA_METRIC_LABELS[metric]
  const due = clock.dueAt === null ? null : Date.parse(clock.dueAt)
  if (clock.breached && due !== null)
    return { text: `${label} breached ${formatSlaSpan(now - due)} ago`, tone: 'red' }
  if (clock.state === SlaClockState.paused || due === null) return { text: `${label} paused`, tone: 'gray' }
  const warned = clock.warnAt !== null && Date.parse(clock.warnAt) <= now
  return { text: `${label} due in ${formatSlaSpan(due - now)}`, tone: warned ? 'yellow' : 'blue' }
}
