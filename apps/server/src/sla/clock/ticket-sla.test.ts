import {
  TicketEventType as E,
  type TTicketPriority,
  type TTicketStatus,
  ZBusinessHours,
  ZSlaPolicyRules,
} from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { addBusinessMs, businessMsBetween } from '../business-hours/business-time'
import type { TMetricEvent } from '../metrics/metric-events'
import type { TTimeline } from './sla-clock'
import { type TSlaPolicy, ticketSla } from './ticket-sla'

/** Event logs replayed with a fake clock (minutes after a Monday 09:00 UTC), against policies in order. */
const MIN = 60_000
const t0 = Date.parse('2026-11-30T09:00:00Z')
const at = (minutes: number) => t0 + minutes * MIN
const calendarOnly: TTimeline = {
  business: (from, to) => Math.max(0, to - from),
  addBusiness: (from, ms) => from + ms,
}

const opened = (priority: TTicketPriority | null = 'high', tags: string[] = []): TMetricEvent =>
  ({
    at: t0,
    actorType: 'customer',
    type: E.created,
    before: null,
    after: { status: 'open', priority, category: null, assigneeId: null, tags },
  }) as TMetricEvent
const reply = (m: number): TMetricEvent => ({
  at: at(m),
  actorType: 'user',
  type: E.replyOut,
  before: null,
  after: { message: 'r', mail: 'o' },
})
const mail = (m: number): TMetricEvent => ({
  at: at(m),
  actorType: 'customer',
  type: E.messageIn,
  before: null,
  after: { message: 'm' },
})
const status = (m: number, before: TTicketStatus, after: TTicketStatus): TMetricEvent => ({
  at: at(m),
  actorType: 'user',
  type: E.status,
  before,
  after,
})
const priority = (
  m: number,
  before: TTicketPriority | null,
  after: TTicketPriority | null,
): TMetricEvent => ({ at: at(m), actorType: 'user', type: E.priority, before, after })

const policy = (
  id: string,
  minutes: Record<TTicketPriority, number>,
  extra: Partial<TSlaPolicy> = {},
): TSlaPolicy => ({
  id,
  ...ZSlaPolicyRules.parse({
    conditions: { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] },
    targets: Object.fromEntries(
      Object.entries(minutes).map(([p, m]) => [
        p,
        {
          'first-reply': { minutes: m, businessHours: false },
          resolution: { minutes: m * 10, businessHours: false },
        },
      ]),
    ),
  }),
  ...extra,
})
const standard = policy('standard', { high: 60, medium: 240, low: 480 })

describe('SLA clocks replayed from the event log', () => {
  it('first reply due an hour after a high-priority mail; warned at 75%; breached after', () => {
    const sla = ticketSla([opened()], null, [standard], at(30), calendarOnly)
    expect(sla.clocks['first-reply']).toMatchObject({
      state: 'active',
      dueAt: at(60),
      warnAt: at(45),
      breached: false,
    })
    expect(
      ticketSla([opened()], null, [standard], at(61), calendarOnly).clocks['first-reply']?.breached,
    ).toBe(true)
    expect(
      ticketSla([opened(), reply(50)], null, [standard], at(61), calendarOnly).clocks['first-reply'],
    ).toMatchObject({
      state: 'fulfilled',
      breached: false,
    })
  })

  it('runs no target for a ticket written before the event log: its log has no created event', () => {
    // A member raises an old ticket's priority: the policy matches, but when the ticket opened is unknown.
    const log = [priority(10, null, 'high'), mail(20), reply(30)]
    expect(ticketSla(log, null, [standard], at(90), calendarOnly)).toEqual({
      policyId: null,
      appliedAt: null,
      clocks: {},
    })
  })

  it('pauses while pending (the default) and resumes where it stopped', () => {
    const events = [
      opened(),
      reply(10),
      status(20, 'open', 'pending'),
      mail(200),
      status(200, 'pending', 'open'),
    ]
    const paused = ticketSla(events.slice(0, 3), null, [standard], at(150), calendarOnly).clocks.resolution!
    expect(paused).toMatchObject({ state: 'paused', usedMs: 20 * MIN, dueAt: null })
    const resumed = ticketSla(events, null, [standard], at(210), calendarOnly).clocks.resolution!
    // 600 min target: 20 used before the pause, 580 left from minute 200.
    expect(resumed).toMatchObject({ state: 'active', usedMs: 30 * MIN, dueAt: at(780) })
  })

  it('which statuses pause is the policy’s setting: on-hold pauses only where the policy says so', () => {
    const events = [opened(), status(10, 'open', 'on-hold')]
    expect(ticketSla(events, null, [standard], at(100), calendarOnly).clocks.resolution?.state).toBe('active')
    const onHoldPauses = { ...standard, pausedStatuses: ['pending', 'on-hold'] as TTicketStatus[] }
    expect(ticketSla(events, null, [onHoldPauses], at(100), calendarOnly).clocks.resolution?.state).toBe(
      'paused',
    )
  })

  it('a priority change mid-target re-applies the targets and keeps the time used', () => {
    // Low (480 min) for 100 minutes, then high (60 min): used up already, so breached at the re-apply.
    const raised = ticketSla(
      [opened('low'), priority(100, 'low', 'high')],
      null,
      [standard],
      at(101),
      calendarOnly,
    )
    expect(raised.clocks['first-reply']).toMatchObject({ usedMs: 101 * MIN, dueAt: at(100), breached: true })
    // High for 40 minutes, then low: due 480 minutes after the start, not after the change.
    const lowered = ticketSla(
      [opened('high'), priority(40, 'high', 'low')],
      null,
      [standard],
      at(41),
      calendarOnly,
    )
    expect(lowered.clocks['first-reply']).toMatchObject({ dueAt: at(480), breached: false })
    expect(lowered.appliedAt).toBe(at(40))
  })

  it('the ordered list’s first matching policy applies; a tag change moves the ticket to another', () => {
    const vip = policy('vip', { high: 15, medium: 15, low: 15 })
    vip.conditions.tags = ['vip']
    const tagged: TMetricEvent = { at: at(5), actorType: 'user', type: E.tags, before: [], after: ['vip'] }
    expect(ticketSla([opened()], null, [vip, standard], at(1), calendarOnly).policyId).toBe('standard')
    const moved = ticketSla([opened(), tagged], null, [vip, standard], at(6), calendarOnly)
    expect(moved).toMatchObject({ policyId: 'vip', appliedAt: at(5) })
    expect(moved.clocks['first-reply']?.dueAt).toBe(at(15))
  })

  it('the analyser’s priority fills a ticket that has none, and never overrides a member’s', () => {
    const analysed = (m: number, p: TTicketPriority): TMetricEvent => ({
      at: at(m),
      actorType: 'system',
      type: E.analysed,
      before: { category: null, priority: null },
      after: { category: null, priority: p },
    })
    expect(
      ticketSla([opened(null), analysed(1, 'low')], null, [standard], at(2), calendarOnly).clocks[
        'first-reply'
      ]?.dueAt,
    ).toBe(at(480))
    const chosen = [opened(null), priority(1, null, 'high'), analysed(2, 'low')]
    expect(ticketSla(chosen, null, [standard], at(3), calendarOnly).clocks['first-reply']?.dueAt).toBe(at(60))
  })

  it('a ticket without a priority is held to the medium targets', () => {
    expect(
      ticketSla([opened(null)], null, [standard], at(1), calendarOnly).clocks['first-reply']?.dueAt,
    ).toBe(at(240))
  })

  it('a business-hours target is due on the schedule: a mail Friday 16:30 with a 1 h target is due Monday 09:30', () => {
    const schedule = ZBusinessHours.parse({
      timeZone: 'UTC',
      weekly: [[], ...Array.from({ length: 5 }, () => [{ from: '09:00', to: '17:00' }]), []],
      holidays: [],
    })
    const time: TTimeline = {
      business: (from, to) => businessMsBetween(schedule, from, to),
      addBusiness: (from, ms) => addBusinessMs(schedule, from, ms),
    }
    const businessPolicy: TSlaPolicy = {
      ...standard,
      targets: { ...standard.targets, high: { 'first-reply': { minutes: 60, businessHours: true } } },
    }
    const friday = Date.parse('2026-11-27T16:30:00Z')
    const events = [{ ...opened(), at: friday }]
    expect(ticketSla(events, null, [businessPolicy], friday + MIN, time).clocks['first-reply']).toMatchObject(
      {
        dueAt: Date.parse('2026-11-30T09:30:00Z'),
        warnAt: Date.parse('2026-11-30T09:15:00Z'),
      },
    )
  })

  describe('anchor failures', () => {
    it('zammad #4353: a policy no longer in the list stops applying to the ticket', () => {
      expect(ticketSla([opened()], null, [], at(500), calendarOnly)).toEqual({
        policyId: null,
        appliedAt: null,
        clocks: {},
      })
    })

    it('zammad #5177: the next-reply target never overrules a first reply still due', () => {
      const both: TSlaPolicy = {
        ...standard,
        targets: {
          ...standard.targets,
          high: {
            'first-reply': { minutes: 120, businessHours: false },
            'next-reply': { minutes: 10, businessHours: false },
          },
        },
      }
      const sla = ticketSla([opened(), mail(5)], null, [both], at(30), calendarOnly)
      expect(sla.clocks['first-reply']).toMatchObject({ dueAt: at(120), breached: false })
      expect(sla.clocks['next-reply']).toBeUndefined()
    })

    it('zammad #3140: a reply fulfils the next-reply target instead of escalating the ticket', () => {
      const next: TSlaPolicy = {
        ...standard,
        targets: { ...standard.targets, high: { 'next-reply': { minutes: 30, businessHours: false } } },
      }
      const sla = ticketSla([opened(), reply(5), mail(10), reply(20)], null, [next], at(100), calendarOnly)
      expect(sla.clocks['next-reply']).toMatchObject({ state: 'fulfilled', breached: false })
    })

    it('zammad #3551: a reply then a move to pending fulfils the first reply', () => {
      const sla = ticketSla(
        [opened(), reply(20), status(21, 'open', 'pending')],
        null,
        [standard],
        at(500),
        calendarOnly,
      )
      expect(sla.clocks['first-reply']).toMatchObject({ state: 'fulfilled', breached: false })
    })

    it('zammad #1620: a note does not fulfil the first reply; the ticket breaches', () => {
      const note: TMetricEvent = {
        at: at(5),
        actorType: 'user',
        type: E.note,
        before: null,
        after: { message: 'n' },
      }
      expect(
        ticketSla([opened(), note], null, [standard], at(61), calendarOnly).clocks['first-reply'],
      ).toMatchObject({
        state: 'active',
        breached: true,
      })
    })
  })
})
