import { describe, expect, it } from 'vitest'
import { detectSpam } from './detect-spam'

const headers = (...pairs: [string, string][]) => pairs.map(([Name, Value]) => ({ Name, Value }))
const question = { subject: 'Question about my invoice', body: 'Hi, why was I charged twice this month?' }
// What Google Groups adds to every mail it relays to a support alias, a customer's included.
const GOOGLE_GROUP = headers(
  ['List-Id', '<support.acme.example>'],
  [
    'List-Post',
    '<https://groups.google.com/a/acme.example/group/support/post>, <mailto:support@acme.example>',
  ],
  ['List-Unsubscribe', '<mailto:googlegroups-manage+1+unsubscribe@googlegroups.com>'],
  ['Precedence', 'list'],
)

describe('detectSpam', () => {
  it('finds bulk mail by its List-Unsubscribe header', () => {
    expect(
      detectSpam({ ...question, headers: headers(['list-unsubscribe', '<https://news.example/u>']) }),
    ).toEqual({ reason: 'bulk mail: List-Unsubscribe header' })
  })

  it('takes the verdict of the spam filter the mail passed, and the GTUBE test string', () => {
    expect(detectSpam({ ...question, headers: headers(['X-Spam-Flag', 'YES']) })?.reason).toBe(
      'marked as spam by the receiving mail server: X-Spam-Flag: YES',
    )
    expect(detectSpam({ ...question, headers: headers(['X-Spam-Flag', 'NO']) })).toBeNull()
    expect(
      detectSpam({
        subject: 'test',
        body: 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X',
      })?.reason,
    ).toBe('the GTUBE spam test string')
    expect(detectSpam({ subject: 'ADV: New homes', body: 'hello' })?.reason).toBe(
      'the subject marks it as an advertisement: "ADV:"',
    )
    // AD is Active Directory to an IT customer, not an advertisement.
    expect(detectSpam({ subject: 'AD: user locked out', body: 'Please unlock jdoe.' })).toBeNull()
    expect(detectSpam({ subject: '*****SPAM***** Cheap watches', body: 'hello' })?.reason).toMatch(
      /subject: "\*{5}SPAM\*{5}"/,
    )
  })

  it('finds mail from bulk senders and automated senders by their headers', () => {
    expect(
      detectSpam({ ...question, headers: headers(['X-Mailer', 'MailChimp Mailer - **CID1**']) })?.reason,
    ).toBe('bulk mail: sent with MailChimp')
    expect(detectSpam({ ...question, headers: headers(['X-campaignid', 'mailchimp1.2']) })?.reason).toBe(
      'bulk mail: X-campaignid header',
    )
    expect(detectSpam({ ...question, headers: headers(['Auto-Submitted', 'auto-generated']) })?.reason).toBe(
      'automated mail: Auto-Submitted: auto-generated',
    )
    expect(detectSpam({ ...question, headers: headers(['Auto-Submitted', 'no']) })).toBeNull()
  })

  it('leaves a customer mail relayed by a support group alone, though it carries list headers', () => {
    expect(detectSpam({ ...question, headers: GOOGLE_GROUP })).toBeNull()
  })

  it('does not take Precedence: bulk alone as proof: old mailing lists put it on every post', () => {
    expect(detectSpam({ ...question, headers: headers(['Precedence', 'bulk']) })).toBeNull()
    expect(
      detectSpam({
        subject: 'Spring collection',
        body: 'Our new range is here. Click here to see it.',
        headers: headers(['Precedence', 'bulk']),
      })?.reason,
    ).toBe('bulk mail: Precedence: bulk and the wording "Click here"')
  })

  it('finds unmarked spam by the wording only a bulk sender uses', () => {
    const verdict = detectSpam({
      subject: 'Rank #1 on Google',
      body: 'Dear friend, our SEO services put you on the first page of Google. Act now!',
    })
    expect(verdict?.reason).toBe('bulk-mail wording: "Dear friend", "SEO services", "first page of Google"')
    expect(
      detectSpam({
        subject: 'Our news',
        body: 'Lots of news this month.\nYou are receiving this email because you signed up on our site.',
      }),
    ).toBeNull()
  })

  it('never calls a customer spam for writing about the marketing mail they got', () => {
    expect(
      detectSpam({
        subject: 'Stop this',
        body: 'I never signed up for your newsletter. It says "you are receiving this email because you opted in" and "click here to unsubscribe", but the link is broken. Special offer or not, remove me.',
      }),
    ).toBeNull()
    expect(
      detectSpam({
        subject: 'Unsubscribe',
        body: 'Please unsubscribe me. I tried to unsubscribe but it failed.',
      }),
    ).toBeNull()
  })

  it('judges a forwarded mail by its headers only: the customer forwards an offer to ask about it', () => {
    expect(
      detectSpam({
        subject: 'Fwd: Limited time offer',
        body: 'Is this real?\n\n---------- Forwarded message ---------\nAct now! Click here. 100% free. To unsubscribe, click below.',
      }),
    ).toBeNull()
  })
})
