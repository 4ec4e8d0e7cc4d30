import { TicketEventType } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { findAnalysisOriginal } from './analysis-original'
import { eventDoc, messageDoc, TICKET_ID } from './ticket-page-test-data'
import { readTicketNumber } from './ticket-path'
import { buildTimeline, newestFirst } from './timeline'

const ticket = { $id: TICKET_ID, $createdAt: '2026-11-25T09:00:00.000Z' }

function kinds(items: ReturnType<typeof buildTimeline>) {
  return items.map((item) => (item.kind === 'event' ? `event:${item.event.type}` : item.kind))
}

describe('buildTimeline', () => {
  it('puts the first mail, messages and events in time order, a message before the events of its instant', () => {
    const answer = messageDoc('m-answer', { at: '2026-11-25T11:00:00.000Z' })
    const reply = messageDoc('m-reply', { at: '2026-11-25T10:00:00.000Z', direction: 'outbound' })
    const events = [
      eventDoc(TicketEventType.created, { at: ticket.$createdAt, customer: true, after: {} }),
      eventDoc(TicketEventType.replyOut, {
        at: reply.$createdAt,
        after: { message: 'm-reply', mail: 'mail-1' },
      }),
      eventDoc(TicketEventType.status, { at: reply.$createdAt, before: 'open', after: 'pending' }),
      eventDoc(TicketEventType.messageIn, {
        at: answer.$createdAt,
        customer: true,
        after: { message: 'm-answer' },
      }),
      eventDoc(TicketEventType.status, {
        at: answer.$createdAt,
        customer: true,
        before: 'pending',
        after: 'open',
      }),
    ]
    // Given out of order: the timeline sorts by time, then message before event, then the log's order.
    const items = buildTimeline({ ticket, messages: [answer, reply], events: [...events].reverse() })
    expect(kinds(items)).toEqual([
      'first-mail',
      'event:created',
      'reply',
      'event:status',
      'mail',
      'event:status',
    ])
    // Newest first, as the page shows it: the instants reversed, each message still above what it caused.
    expect(kinds(newestFirst(items))).toEqual([
      'mail',
      'event:status',
      'reply',
      'event:status',
      'first-mail',
      'event:created',
    ])
  })

  it('shows a note as a note, a reply with its latest delivery state, and the message’s own event not twice', () => {
    const note = messageDoc('m-note', { at: '2026-11-25T10:00:00.000Z', direction: 'note' })
    const reply = messageDoc('m-reply', { at: '2026-11-25T10:05:00.000Z', direction: 'outbound' })
    const mail = { message: 'm-reply', mail: 'mail-1' }
    const events = [
      eventDoc(TicketEventType.note, { at: note.$createdAt, after: { message: 'm-note' } }),
      eventDoc(TicketEventType.replyOut, { at: reply.$createdAt, after: mail }),
      eventDoc(TicketEventType.delivery, {
        at: '2026-11-25T10:05:01.000Z',
        before: 'queued',
        after: { ...mail, state: 'sending' },
      }),
      eventDoc(TicketEventType.delivery, {
        at: '2026-11-25T10:05:02.000Z',
        before: 'sending',
        after: { ...mail, state: 'sent' },
      }),
    ]
    const items = buildTimeline({ ticket, messages: [note, reply], events })
    expect(kinds(items)).toEqual(['first-mail', 'note', 'reply'])
    const shown = items.find((item) => item.kind === 'reply')
    expect(shown?.kind === 'reply' && shown.delivery).toBe('sent')
    expect(shown?.kind === 'reply' && shown.event?.actorId).toBe('user-ada')
  })

  it('takes a reply’s state from the message itself, and knows a note stored before notes had their direction', () => {
    const reply = messageDoc('m-reply', {
      at: '2026-11-25T10:05:00.000Z',
      direction: 'outbound',
      deliveryState: 'failed',
    })
    const olderNote = messageDoc('m-note', { at: '2026-11-25T10:00:00.000Z', direction: 'outbound' })
    const events = [
      eventDoc(TicketEventType.note, { at: olderNote.$createdAt, after: { message: 'm-note' } }),
    ]
    const items = buildTimeline({ ticket, messages: [reply, olderNote], events })
    expect(kinds(items)).toEqual(['first-mail', 'note', 'reply'])
    const shown = items.at(-1)
    expect(shown?.kind === 'reply' && shown.delivery).toBe('failed')
  })

  it('keeps the line of an event whose message is gone (moved by a split)', () => {
    const events = [eventDoc(TicketEventType.messageIn, { customer: true, after: { message: 'm-moved' } })]
    expect(kinds(buildTimeline({ ticket, messages: [], events }))).toEqual(['first-mail', 'event:message-in'])
  })
})

describe('findAnalysisOriginal', () => {
  const analysed = eventDoc(TicketEventType.analysed, {
    actorId: null,
    before: { category: null, priority: null },
    after: { category: 'Billing and payment', priority: 'high' },
  })

  it('is the analyser’s verdict where an agent changed the field since, with who did', () => {
    const corrected = eventDoc(TicketEventType.priority, {
      before: 'high',
      after: 'low',
      actorId: 'user-grace',
    })
    const original = findAnalysisOriginal({ category: 'Billing and payment', priority: 'low' }, [
      analysed,
      corrected,
    ])
    expect(original).toEqual({ category: null, priority: 'high', corrections: [corrected] })
  })

  it('is nothing while the ticket holds what the analyser chose', () => {
    expect(findAnalysisOriginal({ category: 'Billing and payment', priority: 'high' }, [analysed])).toBeNull()
    expect(findAnalysisOriginal({ category: 'Other', priority: 'low' }, [])).toBeNull()
  })
})

describe('readTicketNumber', () => {
  it('reads a ticket number and nothing else', () => {
    expect(readTicketNumber('1042')).toBe(1042)
    expect(['0', '-1', 'abc', '1e3', '01', '', undefined].map(readTicketNumber)).toEqual(Array(7).fill(null))
  })
})
