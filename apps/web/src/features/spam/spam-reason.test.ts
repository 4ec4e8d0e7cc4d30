import { writeAnalysisText } from '@parsedesk/contracts'
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
})
