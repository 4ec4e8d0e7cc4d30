import { TicketEventType as E, type TTicketStatus, ZBusinessHours } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { businessMsBetween } from '../business-hours/business-time'
import type { TMetricEvent } from './metric-events'
import { type TMeasure, ticketMetrics } from './ticket-metrics'

/**
 * Event logs replayed with a fake clock: each event at `t0 + minutes`, `now` chosen by the test. The
 * anchor tests are named after the issue whose failure they guard against (the research file, §3).
 */
const MIN = 60_000
const t0 = Date.parse('2026-11-30T09:00:00Z') // a Monday
const at = (minutes: number) => t0 + minutes * MIN
const calendar: TMeasure = (from, to) => Math.max(0, to - from)

const fields = { status: 'open' as TTicketStatus, priority: null, category: null, assigneeId: null, tags: [] }
const log = {
  mailOpens: (m = 0): TMetricEvent =>
    ({
      at: at(m),
      actorType: 'customer',
      actorId: null,
      type: E.created,
      before: null,
      after: fields,
    }) as TMetricEvent,
  memberOpens: (m = 0): TMetricEvent =>
    ({ at: at(m), actorType: 'user', type: E.created, before: null, after: fields }) as TMetricEvent,
  mail: (m: number): TMetricEvent => ({
    at: at(m),
    actorType: 'customer',
    type: E.messageIn,
    before: null,
    after: { message: `m${m}` },
  }),
  reply: (m: number): TMetricEvent => ({
    at: at(m),
    actorType: 'user',
    type: E.replyOut,
    before: null,
    after: { message: `r${m}`, mail: `o${m}` },
  }),
  autoReply: (m: number): TMetricEvent => ({
    at: at(m),
    actorType: 'system',
    type: E.replyOut,
    before: null,
    after: { message: `a${m}`, mail: `o${m}` },
  }),
  note: (m: number): TMetricEvent => ({
    at: at(m),
    actorType: 'user',
    type: E.note,
    before: null,
    after: { message: `n${m}` },
  }),
  status: (m: number, before: TTicketStatus, after: TTicketStatus): TMetricEvent => ({
    at: at(m),
    actorType: 'user',
    type: E.status,
    before,
    after,
  }),
  reopen: (m: number, after: TTicketStatus = 'open'): TMetricEvent => ({
    at: at(m),
    actorType: 'customer',
    type: E.reopened,
    before: 'closed',
    after,
  }),
}
const minutes = (ms: number) => ms / MIN

describe('ticket metrics from the event log', () => {
  it('first reply: creation to the first member reply; running until then', () => {
    const waiting = ticketMetrics([log.mailOpens()], at(30), calendar)
    expect(waiting.firstReply).toMatchObject({ running: true, stop: null })
    expect(minutes(waiting.firstReply!.calendarMs)).toBe(30)
    const answered = ticketMetrics(
      [log.mailOpens(), log.mail(10), log.reply(42), log.reply(50)],
      at(90),
      calendar,
    )
    expect(answered.firstReply).toMatchObject({ running: false, stop: at(42) })
    expect(minutes(answered.firstReply!.calendarMs)).toBe(42)
  })

  it('first reply on a ticket a member opened waits for the customer, and starts at their mail', () => {
    const opened = ticketMetrics([log.memberOpens(), log.reply(1)], at(60), calendar)
    expect(opened.firstReply).toBeNull()
    const answered = ticketMetrics(
      [log.memberOpens(), log.reply(1), log.mail(100), log.reply(130)],
      at(200),
      calendar,
    )
    expect(answered.firstReply).toMatchObject({ start: at(100), stop: at(130) })
  })

  it('next reply: from the oldest unanswered customer mail to the next reply, once per cycle', () => {
    const m = ticketMetrics(
      [log.mailOpens(), log.reply(10), log.mail(20), log.mail(25), log.reply(80), log.mail(100)],
      at(160),
      calendar,
    )
    expect(m.nextReplies.map((r) => [minutes(r.calendarMs), r.running])).toEqual([
      [60, false],
      [60, true],
    ])
  })

  it('requester wait pauses while pending; agent work pauses while pending and on hold', () => {
    const m = ticketMetrics(
      [
        log.mailOpens(),
        log.reply(10),
        log.status(10, 'open', 'pending'),
        log.mail(70),
        log.status(70, 'pending', 'open'),
        log.status(80, 'open', 'on-hold'),
        log.status(140, 'on-hold', 'open'),
        log.status(150, 'open', 'closed'),
      ],
      at(1000),
      calendar,
    )
    expect(minutes(m.requesterWait.calendarMs)).toBe(150 - 60)
    expect(minutes(m.agentWork.calendarMs)).toBe(150 - 60 - 60)
    expect(minutes(m.fullResolution.calendarMs)).toBe(150)
    expect(m.requesterWait.running).toBe(false)
  })

  it('reopen: first resolution is kept, full resolution runs again from creation, time closed is not waited', () => {
    const events = [
      log.mailOpens(),
      log.reply(10),
      log.status(30, 'open', 'closed'),
      log.mail(100),
      log.reopen(100),
    ]
    const reopened = ticketMetrics(events, at(130), calendar)
    expect(reopened.reopenCount).toBe(1)
    expect(reopened.firstResolution).toMatchObject({ stop: at(30), running: false })
    expect(reopened.fullResolution).toMatchObject({ stop: null, running: true })
    expect(minutes(reopened.requesterWait.calendarMs)).toBe(30 + 30)
    // The customer mail that reopened it starts a next-reply cycle.
    expect(reopened.nextReplies).toMatchObject([{ start: at(100), running: true }])
    const closedAgain = ticketMetrics(
      [...events, log.reply(140), log.status(150, 'open', 'closed')],
      at(999),
      calendar,
    )
    expect(minutes(closedAgain.fullResolution.calendarMs)).toBe(150)
    expect(minutes(closedAgain.firstResolution.calendarMs)).toBe(30)
  })

  it('one-touch: solved with exactly one reply and never reopened', () => {
    const one = [log.mailOpens(), log.reply(10), log.status(11, 'open', 'closed')]
    expect(ticketMetrics(one, at(20), calendar).oneTouch).toBe(true)
    expect(
      ticketMetrics(
        [...one, log.mail(30), log.reopen(30), log.status(31, 'open', 'closed')],
        at(40),
        calendar,
      ).oneTouch,
    ).toBe(false)
    expect(
      ticketMetrics(
        [log.mailOpens(), log.reply(10), log.reply(11), log.status(12, 'open', 'closed')],
        at(20),
        calendar,
      ).oneTouch,
    ).toBe(false)
    expect(ticketMetrics([log.mailOpens(), log.reply(10)], at(20), calendar).oneTouch).toBe(false)
  })

  it('in business hours: a mail on Friday evening answered Monday 10:00 took one business hour', () => {
    const schedule = ZBusinessHours.parse({
      timeZone: 'UTC',
      weekly: [[], ...Array.from({ length: 5 }, () => [{ from: '09:00', to: '17:00' }]), []],
      holidays: [],
    })
    const business: TMeasure = (from, to) => businessMsBetween(schedule, from, to)
    // Friday 27 Nov 18:00 UTC is three days less nine hours before Monday 09:00 (t0).
    const friday = -3 * 24 * 60 + 9 * 60
    const m = ticketMetrics([log.mailOpens(friday), log.reply(60)], at(61), business)
    expect(minutes(m.firstReply!.businessMs)).toBe(60)
    expect(minutes(m.firstReply!.calendarMs)).toBe(60 - friday)
  })

  describe('anchor failures', () => {
    it('zammad #1620: a note is no reply, the ticket still waits for one', () => {
      const m = ticketMetrics([log.mailOpens(), log.note(5)], at(60), calendar)
      expect(m.firstReply).toMatchObject({ running: true })
    })

    it('chatwoot #7679: an automated or auto-reply message is no reply', () => {
      const m = ticketMetrics([log.mailOpens(), log.autoReply(0), log.reply(45)], at(60), calendar)
      expect(m.firstReply).toMatchObject({ stop: at(45) })
    })

    it('zammad #3551: a reply followed by a move to pending fulfils the first reply at the reply', () => {
      const m = ticketMetrics(
        [log.mailOpens(), log.reply(20), log.status(21, 'open', 'pending')],
        at(600),
        calendar,
      )
      expect(m.firstReply).toMatchObject({ stop: at(20), running: false })
    })

    it('zammad #3140: an agent reply stops the next-reply clock', () => {
      const m = ticketMetrics(
        [log.mailOpens(), log.reply(10), log.mail(20), log.reply(30)],
        at(600),
        calendar,
      )
      expect(m.nextReplies).toEqual([
        expect.objectContaining({ start: at(20), stop: at(30), running: false }),
      ])
    })

    it('zammad #5177: no next-reply cycle runs before the first reply, so it cannot overrule it', () => {
      const m = ticketMetrics([log.mailOpens(), log.mail(10), log.mail(20)], at(600), calendar)
      expect(m.nextReplies).toEqual([])
      expect(m.firstReply).toMatchObject({ start: at(0), running: true })
    })

    it('chatwoot #3570: each resolution is defined — first close kept, latest close from creation, reopens counted', () => {
      const m = ticketMetrics(
        [
          log.mailOpens(),
          log.status(10, 'open', 'closed'),
          log.reopen(20),
          log.status(50, 'open', 'closed'),
          log.reopen(60),
          log.status(90, 'open', 'closed'),
        ],
        at(999),
        calendar,
      )
      expect([
        minutes(m.firstResolution.calendarMs),
        minutes(m.fullResolution.calendarMs),
        m.reopenCount,
      ]).toEqual([10, 90, 2])
    })

    it('chatwoot #12058: a ticket closed unanswered and reopened measures its first reply from creation', () => {
      const m = ticketMetrics(
        [log.mailOpens(), log.status(10, 'open', 'closed'), log.mail(100), log.reopen(100), log.reply(120)],
        at(999),
        calendar,
      )
      expect(m.firstReply).toMatchObject({ start: at(0), stop: at(120) })
    })

    it('freescout #2074: the first-response moment is kept, not only a duration', () => {
      expect(ticketMetrics([log.mailOpens(), log.reply(7)], at(9), calendar).firstReply?.stop).toBe(at(7))
    })
  })
})
