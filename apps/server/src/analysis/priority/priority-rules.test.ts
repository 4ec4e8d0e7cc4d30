import { describe, expect, it } from 'vitest'
import { formatReasons } from '../describe/compose-analysis'
import { assessPriority } from './priority-rules'

const assess = (body: string, subject = '') => assessPriority({ subject, body })
const rulesOf = (body: string) => assess(body).reasons.map((reason) => reason.rule)
const reasonOf = (body: string, rule: string) => assess(body).reasons.find((reason) => reason.rule === rule)

describe('assessPriority', () => {
  it('ranks an outage with urgency high and quotes the words that set each reason off', () => {
    const result = assess('Our shop is down since 9am and customers cannot pay. Please fix this urgently.')
    expect(result.priority).toBe('high')
    expect(formatReasons({ reasons: result.reasons })).toEqual([
      'reports an outage or something that stopped working ("Our shop is down since 9am")',
      'reports a failed or wrong payment ("and customers cannot pay")',
      'asks for urgent help ("fix this urgently")',
    ])
  })

  it('treats a security report as high on its own', () => {
    expect(assess('I think my account was hacked, there are logins I do not recognise').priority).toBe('high')
  })

  it('treats lost data as high on its own', () => {
    expect(assess('All my files are gone after the sync').priority).toBe('high')
  })

  // Issue 12: "Please cancel my subscription" became high because it said "not be charged again".
  it('does not escalate a cancellation that asks not to be charged again', () => {
    const result = assess(
      'Please cancel my subscription at the end of this month. I want to make sure I will not be charged again.',
      'Cancel subscription',
    )
    expect(result.priority).toBe('medium')
    expect(result.reasons).toEqual([])
  })

  it('does not escalate on a phrase that is negated', () => {
    expect(rulesOf('There was no outage, I only have a question about the status page.')).not.toContain(
      'outage',
    )
    expect(rulesOf('I do not think this is urgent, but the logo on the invoice is blurry.')).not.toContain(
      'urgency',
    )
    expect(assess('This is not high priority: the export button is grey.').priority).toBe('medium')
    // A negation in another clause, or one that says the problem is worse, turns nothing around.
    expect(rulesOf('I cannot find the setting, and now the site is down.')).toContain('outage')
    expect(rulesOf('The app is not only slow but crashing every few minutes.')).toContain('outage')
  })

  it('does not escalate on words inside quotation marks', () => {
    const result = assess(
      'Your reminder said "URGENT: payment failed" but my bank shows the money left my account last week. Can you check?',
    )
    expect(result.reasons.map((reason) => reason.rule)).not.toEqual(expect.arrayContaining(['urgency']))
    expect(result.reasons.map((reason) => reason.rule)).not.toContain('payment-failure')
    expect(result.priority).toBe('medium')
    expect(rulesOf("The banner says 'critical update available', what does it change?")).not.toContain(
      'urgency',
    )
    // An apostrophe is not a quotation mark.
    expect(rulesOf("It's critical and I can't wait")).toContain('urgency')
  })

  it('reads "today" and "this morning" as a deadline only with something to be done by then', () => {
    expect(rulesOf('It stopped working this morning.')).not.toContain('deadline')
    expect(rulesOf('Today I noticed that the invoice total is wrong.')).not.toContain('deadline')
    expect(reasonOf('I need the invoice corrected today for our audit.', 'deadline')!.evidence).toEqual([
      'I need the invoice corrected today for our',
    ])
    expect(rulesOf('The certificate expires tonight.')).toContain('deadline')
    expect(rulesOf('I need the invoice by Friday')).toContain('deadline')
  })

  it('ranks a plain question medium and low only what the customer says can wait', () => {
    expect(assess('How do I change the delivery address on my order?').priority).toBe('medium')
    expect(assess('Some feedback: I would like to know more about your pricing.').priority).toBe('medium')
    const canWait = assess('No rush: I would like to know more about your pricing.')
    expect(canWait.priority).toBe('low')
    expect(formatReasons({ reasons: canWait.reasons })[0]).toBe(
      'is marked low priority by the customer ("No rush")',
    )
  })

  it('follows a priority the customer states', () => {
    expect(assess('Priority: high. The export button is grey.').priority).toBe('high')
    expect(assess('Not urgent, but the logo looks blurry on the invoice page.').priority).toBe('low')
  })

  it('does not let a stated low priority hide a security problem', () => {
    expect(assess('No rush, but someone made unauthorized transactions on my card.').priority).toBe('high')
  })

  it('counts payment failures, anger and repeated contact', () => {
    expect(rulesOf('I was charged twice!!')).toEqual(expect.arrayContaining(['payment-failure', 'anger']))
    expect(rulesOf('This is the third time I write and still no answer')).toContain('repeat-contact')
    expect(
      assess('Third email: still waiting for my refund, this is unacceptable, I need it by Friday').priority,
    ).toBe('high')
    // Asking to cancel is not a threat to leave.
    expect(rulesOf('Please cancel my subscription.')).not.toContain('anger')
    expect(rulesOf('Fix it this week, or we will cancel our contract.')).toContain('anger')
  })

  it('reads the subject as well as the body', () => {
    expect(assess('Please look at it.', 'URGENT: checkout broken, payment failed').priority).toBe('high')
  })

  it('counts each different urgent phrase, and quotes each', () => {
    const once = assess('Please reset my password, it is urgent.')
    expect(once.priority).toBe('medium')
    const pressing = assess(
      'This is urgent: our payroll run is blocked. It is critical that someone looks at it immediately.',
    )
    expect(pressing.priority).toBe('high')
    const urgency = pressing.reasons.find((reason) => reason.rule === 'urgency')!
    expect(urgency.evidence).toEqual(['This is urgent', 'It is critical that someone', 'at it immediately'])
    expect(urgency.points).toBe(3 * once.reasons.find((reason) => reason.rule === 'urgency')!.points)
  })

  it('weighs an outage named in the subject line more than the same word in the body', () => {
    const inBody = assess('The reporting dashboard has had an outage.', 'Dashboard')
    const inSubject = assess('The reporting dashboard has had an outage.', 'Outage')
    expect(inBody.priority).toBe('medium')
    expect(inSubject.priority).toBe('high')
    expect(inSubject.reasons.find((reason) => reason.rule === 'subject-flag')!.evidence).toEqual(['Outage'])
  })

  it('holds a problem that comes and goes, a leisurely opening or a request for information back from high', () => {
    expect(assess('Our payroll export needs fixing by Friday.').priority).toBe('high')
    const intermittent = assess('Our payroll export breaks from time to time; it needs fixing by Friday.')
    expect(intermittent.priority).toBe('medium')
    expect(intermittent.reasons.map((reason) => reason.rule)).toContain('intermittent')
    const calm = assess('I hope this message finds you well. Our payroll export needs fixing by Friday.')
    expect(calm.priority).toBe('medium')
    expect(calm.reasons.map((reason) => reason.rule)).toContain('calm-tone')
    expect(assess('Please look at our payroll quickly.').priority).toBe('high')
    const question = assess('We would like to know more about payroll; please answer quickly.')
    expect(question.priority).toBe('medium')
    expect(question.reasons.map((reason) => reason.rule)).toContain('information-request')
  })

  it('ranks a slowdown or a wish low when nothing pressing stands beside it, and says why', () => {
    const slow = assess('The reports page has become very slow since the last update.', 'Reports')
    expect(slow.priority).toBe('low')
    expect(formatReasons({ reasons: slow.reasons })[0]).toBe(
      'reports something slow rather than stopped ("become very slow since the")',
    )
    const wish = assess('It would be great if the export could include the VAT number.')
    expect(wish.priority).toBe('low')
    expect(formatReasons({ reasons: wish.reasons })).toEqual([
      'puts its request as a wish ("It would be great if the")',
    ])
    // A slowdown beside an outage, urgency, a deadline or a complaint is not something that can wait.
    expect(assess('The app is slow and now the checkout is down.').priority).not.toBe('low')
    expect(assess('The dashboard is slow, please look at it urgently.').priority).not.toBe('low')
    expect(assess('It would be great to have the report fixed by Friday.').priority).not.toBe('low')
    expect(assess('Third email: your support is so slow, this is unacceptable.').priority).not.toBe('low')
  })

  it('does not rank a ticket low on a slowdown it denies or quotes', () => {
    expect(rulesOf('The site is not slow, but the invoice total is wrong.')).not.toContain('slowdown')
    expect(assess('The site is not slow, but the invoice total is wrong.').priority).toBe('medium')
    expect(assess('Your status page says "it would be nice to upgrade". What changes?').priority).toBe(
      'medium',
    )
  })

  it('does not read the German or Dutch "lag", or "slowly", as a slowdown', () => {
    const german = assessPriority({
      subject: 'Internet',
      body: 'Das Problem lag am Router, jetzt geht nichts mehr.',
      language: 'de',
    })
    const dutch = assessPriority({
      subject: 'Internet',
      body: 'Het lag aan de kabel, maar nu werkt de printer ook niet.',
      language: 'nl',
    })
    const english = assess('We are slowly losing customers to a competitor with a better checkout.')
    for (const ticket of [german, dutch, english]) {
      expect(ticket.reasons.map((reason) => reason.rule)).not.toContain('slowdown')
      expect(ticket.priority).not.toBe('low')
    }
    expect(assess('The game is laggy since the update.').priority).toBe('low')
    expect(assess('There is a lot of input lag on the terminal.').priority).toBe('low')
  })

  it("reads a slowdown and a wish in the ticket's own language", () => {
    const german = assessPriority({
      subject: 'Dashboard',
      body: 'Das Dashboard ist seit gestern sehr langsam.',
      language: 'de',
    })
    expect(german.priority).toBe('low')
    expect(german.reasons[0]!.rule).toBe('slowdown')
    const french = assessPriority({
      subject: 'Export',
      body: "Ce serait utile d'avoir l'export en CSV.",
      language: 'fr',
    })
    expect(french.priority).toBe('low')
    expect(french.reasons[0]!.rule).toBe('wish')
  })
})
