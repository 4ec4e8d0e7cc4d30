import { writeAnalysisText } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { SET_BY_AGENT, toAnalysisView } from './analysis-view'

// An analysis as the server stores it in the ticket's description.
const REFUND = [
  'Summary: I returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456.',
  'Category: Refund and cancellation (91% confident).',
  'Priority: high, because the ticket:',
  '- has been raised before ("the third time I write")',
  '- uses angry words ("unacceptable")',
  'Sentiment: angry. Language: English.',
  'Found:',
  '- Order number: 123456',
  '- Amount: 89.90 USD',
  '- Phone number: +1 (555) 123-4567',
  'Next step: Answer first. Make or confirm the refund for order 123456.',
].join('\n')

describe('toAnalysisView', () => {
  it('splits a stored analysis into summary, badges with reasons, a table of fields and the next step', () => {
    expect(
      toAnalysisView({ description: REFUND, category: 'Refund and cancellation', priority: 'high' }),
    ).toEqual({
      kind: 'parts',
      summary:
        'I returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456.',
      category: { name: 'Refund and cancellation', reason: '91% confident' },
      priority: {
        level: 'high',
        reasons: ['has been raised before ("the third time I write")', 'uses angry words ("unacceptable")'],
      },
      fields: [
        { label: 'Order number', value: '123456' },
        { label: 'Amount', value: '89.90 USD' },
        { label: 'Phone number', value: '+1 (555) 123-4567' },
      ],
      nextStep: 'Answer first. Make or confirm the refund for order 123456.',
      sentiment: 'angry',
      language: null,
    })
  })

  it('leaves out a neutral sentiment, names a language other than English, and shows a spam reason', () => {
    const view = toAnalysisView({
      description: writeAnalysisText({
        summary: 'Sonderangebot nur heute.',
        category: 'Spam and marketing',
        categoryReason: 'spam (bulk mail: List-Unsubscribe header)',
        priority: 'low',
        priorityReasons: ['is spam or bulk mail (bulk mail: List-Unsubscribe header)'],
        sentiment: 'neutral',
        language: 'German',
        fields: [],
        nextStep: 'No reply: nobody is waiting for an answer.',
      }),
      category: 'Spam and marketing',
      priority: 'low',
    })
    expect(view).toMatchObject({
      kind: 'parts',
      category: { name: 'Spam and marketing', reason: 'spam (bulk mail: List-Unsubscribe header)' },
      priority: { level: 'low', reasons: ['is spam or bulk mail (bulk mail: List-Unsubscribe header)'] },
      fields: [],
      sentiment: null,
      language: 'German',
    })
  })

  it('reads back what the analyser wrote: brackets in a category name, values on several lines, no reasons', () => {
    const description = writeAnalysisText({
      summary: 'The export\nfails.',
      category: 'Billing (EU)',
      categoryReason: 'no category fits well; closest is Feedback (UK) at 28%',
      priority: 'medium',
      priorityReasons: [],
      sentiment: 'negative',
      language: 'unknown',
      fields: [{ kind: 'errorCodes', label: 'Error code', value: 'ERR_42' }],
      nextStep: 'Reply to the customer.',
    })
    expect(toAnalysisView({ description, category: 'Billing (EU)', priority: 'medium' })).toEqual({
      kind: 'parts',
      summary: 'The export fails.',
      category: { name: 'Billing (EU)', reason: 'no category fits well; closest is Feedback (UK) at 28%' },
      priority: { level: 'medium', reasons: [] },
      fields: [{ label: 'Error code', value: 'ERR_42' }],
      nextStep: 'Reply to the customer.',
      sentiment: 'negative',
      language: null,
    })
  })

  it('shows the category and priority an agent set, without the reasons the analyser gave for its own', () => {
    const view = toAnalysisView({ description: REFUND, category: 'Billing and payment', priority: 'low' })
    expect(view).toMatchObject({
      category: { name: 'Billing and payment', reason: SET_BY_AGENT },
      priority: { level: 'low', reasons: [SET_BY_AGENT] },
    })
  })

  it('shows an analysis in any other shape as its text', () => {
    for (const description of [
      'Found an outage in "Site down".',
      // The lines of an earlier release: entities in one sentence, reasons joined with "and".
      'Summary: Refund.\nCategory: Refund (90% confident).\nPriority: high, because the ticket asks for urgent help ("urgent").\nSentiment: neutral. Language: English.\nFound: order numbers 1234.\nNext step: Reply.',
      REFUND.replace('- Amount:', '- Colour:'),
      `${REFUND}\nP.S. one more line`,
    ]) {
      expect(toAnalysisView({ description, category: 'Refund', priority: 'high' })).toEqual({
        kind: 'text',
        text: description,
      })
    }
  })
})
