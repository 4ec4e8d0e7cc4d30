import {
  SLA_METRICS,
  TICKET_PRIORITIES,
  type TSlaMetric,
  type TSlaPolicyRules,
  type TTicketPriority,
  type TTicketStatus,
  ZBusinessHours,
  ZBusinessHoursCreate,
  ZSlaConditions,
  ZSlaPolicyCreate,
  ZSlaTarget,
} from '@parsedesk/contracts'
import { z } from 'zod'
import { mergeDates, parseDates, parseSpans } from './schedule-text'

/**
 * `schema`'s check of what one field holds, its first refusal put on the field itself: a day's text or a
 * list shows one message, where the contract would name a part of it (`weekly.2.0.from`).
 */
function checkedAs<T>(schema: z.ZodType<T>, value: unknown, ctx: z.RefinementCtx): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid value' })
  return z.NEVER
}

const ZListField = (schema: z.ZodType<string[]>) =>
  z.array(z.string()).transform((list, ctx) => checkedAs(schema, list, ctx))

/** A schedule as typed: a weekday's spans and the holidays are text, read and checked by the contract. */
export const ZScheduleForm = z
  .object({
    name: ZBusinessHoursCreate.shape.name,
    groupId: z
      .string()
      .transform((id) => id || null)
      .pipe(ZBusinessHoursCreate.shape.groupId.removeDefault()),
    timeZone: ZBusinessHours.shape.timeZone,
    days: z
      .array(
        z
          .string()
          .transform((text, ctx) => checkedAs(ZBusinessHours.shape.weekly.element, parseSpans(text), ctx)),
      )
      .length(7),
    holidays: z
      .string()
      .transform((text, ctx) => checkedAs(ZBusinessHours.shape.holidays, mergeDates(parseDates(text)), ctx)),
  })
  .transform(({ days, ...schedule }) => ({ ...schedule, weekly: days }))
export type TScheduleFormInput = z.input<typeof ZScheduleForm>

/** One target cell as typed: minutes (empty: no target) and whether it counts business hours. */
export type TTargetCell = { minutes: string; businessHours: boolean }
type TTargetGrid = Record<TTicketPriority, Record<TSlaMetric, TTargetCell>>
type TTargetValue = { minutes: number | null; businessHours: boolean }

const ZTargetCell = z.object({
  minutes: z
    .string()
    .transform((text, ctx) =>
      text.trim() === '' ? null : checkedAs(ZSlaTarget.shape.minutes, Number(text), ctx),
    ),
  businessHours: z.boolean(),
})

const ZTargetGrid = z.object(
  Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => [
      priority,
      z.object(Object.fromEntries(SLA_METRICS.map((metric) => [metric, ZTargetCell]))),
    ]),
  ),
) as unknown as z.ZodType<Record<TTicketPriority, Record<TSlaMetric, TTargetValue>>, TTargetGrid>

/** The grid as the contract's targets: a priority's metrics that have minutes. */
const targetsOf = (grid: z.output<typeof ZTargetGrid>): TSlaPolicyRules['targets'] =>
  Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => [
      priority,
      Object.fromEntries(
        SLA_METRICS.flatMap((metric) => {
          const { minutes, businessHours } = grid[priority][metric]
          return minutes === null ? [] : [[metric, { minutes, businessHours }]]
        }),
      ),
    ]),
  ) as TSlaPolicyRules['targets']

export const gridOf = (targets: TSlaPolicyRules['targets'] | undefined): TTargetGrid =>
  Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => [
      priority,
      Object.fromEntries(
        SLA_METRICS.map((metric) => {
          const target = targets?.[priority]?.[metric]
          return [
            metric,
            { minutes: target ? String(target.minutes) : '', businessHours: target?.businessHours ?? true },
          ]
        }),
      ),
    ]),
  ) as TTargetGrid

/** A policy as typed: its order and target minutes are text, the grid becomes the contract's targets. */
export const ZPolicyForm = z
  .object({
    name: ZSlaPolicyCreate.shape.name,
    position: z.string().transform(Number).pipe(ZSlaPolicyCreate.shape.position),
    priorities: z.array(z.enum(TICKET_PRIORITIES)).pipe(ZSlaConditions.shape.priorities),
    groupIds: ZListField(ZSlaConditions.shape.groupIds),
    categories: ZListField(ZSlaConditions.shape.categories),
    tags: ZListField(ZSlaConditions.shape.tags),
    mailboxIds: ZListField(ZSlaConditions.shape.mailboxIds),
    grid: ZTargetGrid,
    pausedStatuses: ZSlaPolicyCreate.shape.pausedStatuses,
  })
  .transform(({ name, position, grid, pausedStatuses, ...conditions }) => ({
    name,
    position,
    conditions,
    targets: targetsOf(grid),
    pausedStatuses,
  }))
export type TPolicyFormInput = z.input<typeof ZPolicyForm> & {
  grid: TTargetGrid
  pausedStatuses: TTicketStatus[]
}
