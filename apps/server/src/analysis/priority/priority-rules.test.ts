import { describe, expect, it } from 'vitest'
import { assessPriority } from './priority-rules'

const assess = (body: string, subject = '') => assessPriority({ subject, body })
const rulesOf = (body: string) => assess(body).reasons.map((reason) => reason.rule)

describe('assessPriority', () => {
  it('ranks an outage with urgency high and says why, quoting the words', () => {
    const result = assess('Our shop is down since 9am and customers cannot pay. Please fix this urgently.')
    expect(result.priority).toBe('high')
    expect(result.reasons.map((reason) => reason.rule)).toEqual(expect.arrayContaining(['outage', 'urgency']))
    expect(result.reasons.find((reason) => reason.rule === 'outage')!.evidence).toBe('is down')
  })

  it('treats a security report as high on its own', () => {
    expect(assess('I think my account was hacked, there are logins I do not recognise').priority).toBe('high')
  })

  it('treats lost data as high on its own', () => {
    expect(assess('All my files are gone after the sync').priority).toBe('high')
  })

  it('ranks a plain how-to question medium and a feedback note low', () => {
    expect(assess('How do I change the delivery address on my order?').priority).toBe('medium')
    expect(assess('Some feedback: I would like to know more about your pricing.').priority).toBe('low')
  })

  it('follows a priority the customer states', () => {
    expect(assess('Priority: high. The export button is grey.').priority).toBe('high')
    expect(assess('Not urgent, but the logo looks blurry on the invoice page.').priority).toBe('low')
  })

  it('does not let a stated low priority hide a security problem', () => {
    expect(assess('No rush, but someone made unauthorized transactions on my card.').priority).toBe('high')
  })

  it('counts payment failures, anger, deadlines and repeated contact', () => {
    expect(rulesOf('I was charged twice!!')).toEqual(expect.arrayContaining(['payment-failure', 'anger']))
    expect(rulesOf('I need the invoice by Friday')).toContain('deadline')
    expect(rulesOf('This is the third time I write and still no answer')).toContain('repeat-contact')
    expect(
      assess('Third email: still waiting for my refund, this is unacceptable, I need it by Friday').priority,
    ).toBe('high')
  })

  it('reads the subject as well as the body', () => {
    expect(assess('Please look at it.', 'URGENT: checkout broken, payment failed').priority).toBe('high')
  })

  it('counts each different urgent phrase, and lists them all as evidence', () => {
    const once = assess('Please reset my password, it is urgent.')
    expect(once.priority).toBe('medium')
    const pressing = assess(
      'This is urgent: our payroll run is blocked. It is critical that someone looks at it immediately.',
    )
    expect(pressing.priority).toBe('high')
    const urgency = pressing.reasons.find((reason) => reason.rule === 'urgency')!
    expect(urgency.evidence).toBe('urgent, critical, immediately')
    expect(urgency.points).toBe(3 * once.reasons.find((reason) => reason.rule === 'urgency')!.points)
  })

  it('weighs an outage named in the subject line more than the same word in the body', () => {
    const inBody = assess('The reporting dashboard has had an outage.', 'Dashboard')
    const inSubject = assess('The reporting dashboard has had an outage.', 'Outage')
    expect(inBody.priority).toBe('medium')
    expect(inSubject.priority).toBe('high')
    expect(inSubject.reasons.find((reason) => reason.rule === 'subject-flag')!.evidence).toBe('outage')
  })

  it('holds a problem that comes and goes, or a leisurely opening, back from high but not down to low', () => {
    expect(assess('I need the export fixed urgently, by Friday.').priority).toBe('high')
    const intermittent = assess('The export breaks from time to time; I need it fixed urgently, by Friday.')
    expect(intermittent.priority).toBe('medium')
    expect(intermittent.reasons.map((reason) => reason.rule)).toContain('intermittent')
    const calm = assess('I hope this message finds you well. I need the export fixed urgently, by Friday.')
    expect(calm.priority).toBe('medium')
    expect(calm.reasons.map((reason) => reason.rule)).toContain('calm-tone')
    expect(
      assess('I hope this message finds you well. The dashboard loads slowly now and then.').priority,
    ).toBe('medium')
  })

  it('ranks a request for information or marketing advice low when nothing else presses', () => {
    const advice = assess(
      'We are interested in learning about strategies for brand growth on social media. Do you have case studies?',
    )
    expect(advice.priority).toBe('low')
    expect(advice.reasons.map((reason) => reason.rule)).toEqual(
      expect.arrayContaining(['information-request', 'growth-advice']),
    )
    expect(
      assess('We are interested in learning about your marketing tools, but our server is down right now.')
        .priority,
    ).not.toBe('low')
  })
})
