import { type TTicketAnalysisRecord, writeAnalysisText } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { spamReasonOf } from './spam-reason'

const analysis = (categoryReason: string) =>
  writeAnalysisText({
    summary: 'Our spring sale',
    category: 'Spam and marketing',
    categoryReason,
    priority: 'low',
    priorityReasons: ['is spam or bulk mail (bulk mail: List-Unsubscribe header)'],
    sentiment: 'neutral',
    language: 'English',
    fields: [],
    nextStep: 'No reply: nobody is waiting for an answer.',
  })

const record: TTicketAnalysisRecord = {
  source: 'local',
  summary: 'Our spring sale',
  category: 'spam-marketing',
  categoryReason: 'spam (bulk mail: List-Unsubscribe header)',
  spamReason: 'bulk mail: List-Unsubscribe header',
  priority: 'low',
  priorityReasons: [],
  confidence: 1,
  sentiment: 'neutral',
  language: 'English',
  entities: {
    orderNumbers: [],
    invoiceNumbers: [],
    amounts: [],
    emails: [],
    phones: [],
    urls: [],
    products: [],
    errorCodes: [],
    dates: [],
    people: [],
    companies: [],
  },
  nextStep: 'No reply: nobody is waiting for an answer.',
}

describe('the reason a spam badge gives', () => {
  it("is the detector's reason for mail the analysis filed as spam", () => {
    expect(
      spamReasonOf({
        category: 'spam-marketing',
        description: analysis('spam (bulk mail: List-Unsubscribe header)'),
      }),
    ).toBe('bulk mail: List-Unsubscribe header')
  })

  it('says an agent marked it when the analysis had filed it elsewhere, and is null for other tickets', () => {
    expect(spamReasonOf({ category: 'spam-marketing', description: analysis('91% confident') })).toBe(
      'marked by an agent',
    )
    expect(spamReasonOf({ category: 'spam-marketing', description: null })).toBe('marked by an agent')
    expect(spamReasonOf({ category: 'billing-payment', description: analysis('91% confident') })).toBeNull()
  })

  it("reads the detector's reason from the analysis field, whatever the description says", () => {
    expect(spamReasonOf({ category: 'spam-marketing', description: 'Sale!', analysis: record })).toBe(
      'bulk mail: List-Unsubscribe header',
    )
    expect(
      spamReasonOf({
        category: 'spam-marketing',
        analysis: { ...record, spamReason: null, category: 'other' },
      }),
    ).toBe('marked by an agent')
  })

  it('never blames an agent for spam the category model or the LLM chose', () => {
    expect(
      spamReasonOf({
        category: 'spam-marketing',
        description: analysis('spam (filed by the LLM, 80% confident)'),
      }),
    ).toBe('filed by the LLM, 80% confident')
    // A ticket the model filed as spam before the analysis said why: its field still names the choice.
    const filed: TTicketAnalysisRecord = {
      ...record,
      source: 'llm',
      spamReason: null,
      categoryReason: '80% confident',
    }
    expect(spamReasonOf({ category: 'spam-marketing', analysis: filed })).toBe('filed by the analysis')
  })
})
