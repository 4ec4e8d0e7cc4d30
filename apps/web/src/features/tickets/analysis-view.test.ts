import {
  categoryNameOf,
  DEFAULT_TICKET_CATEGORIES,
  type TTicketAnalysisRecord,
  type TTicketCategory,
  writeAnalysisText,
} from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { SET_BY_AGENT, toAnalysisView } from './analysis-view'

/** A category's name as a workspace with `categories` calls it, as the panel's useCategoryName gives it. */
const namesOf =
  (categories: readonly TTicketCategory[] = DEFAULT_TICKET_CATEGORIES) =>
  (stored: string) =>
    categoryNameOf(categories, stored)

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
      toAnalysisView({ description: REFUND, category: 'refund-cancellation', priority: 'high' }, namesOf()),
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
      madeBy: null,
    })
  })

  it('leaves out a neutral sentiment, names a language other than English, and shows a spam reason', () => {
    const view = toAnalysisView(
      {
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
        category: 'spam-marketing',
        priority: 'low',
      },
      namesOf(),
    )
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
    expect(toAnalysisView({ description, category: 'Billing (EU)', priority: 'medium' }, namesOf())).toEqual({
      kind: 'parts',
      summary: 'The export fails.',
      category: { name: 'Billing (EU)', reason: 'no category fits well; closest is Feedback (UK) at 28%' },
      priority: { level: 'medium', reasons: [] },
      fields: [{ label: 'Error code', value: 'ERR_42' }],
      nextStep: 'Reply to the customer.',
      sentiment: 'negative',
      language: null,
      madeBy: null,
    })
  })

  it('shows the category and priority an agent set, without the reasons the analyser gave for its own', () => {
    const view = toAnalysisView(
      { description: REFUND, category: 'billing-payment', priority: 'low' },
      namesOf(),
    )
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
      expect(toAnalysisView({ description, category: 'Refund', priority: 'high' }, namesOf())).toEqual({
        kind: 'text',
        text: description,
      })
    }
  })

  // The same refund as the analysis field holds it: the category by its key.
  const RECORD: TTicketAnalysisRecord = {
    source: 'local',
    summary:
      'I returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456.',
    category: 'refund-cancellation',
    categoryReason: '91% confident',
    spamReason: null,
    priority: 'high',
    priorityReasons: [
      'has been raised before ("the third time I write")',
      'uses angry words ("unacceptable")',
    ],
    confidence: 0.91,
    sentiment: 'angry',
    language: 'English',
    entities: {
      orderNumbers: ['123456'],
      invoiceNumbers: [],
      amounts: [{ value: '89.90', currency: 'USD' }],
      emails: [],
      phones: ['+1 (555) 123-4567'],
      urls: [],
      products: [],
      errorCodes: [],
      dates: [],
      people: [],
      companies: [],
    },
    nextStep: 'Answer first. Make or confirm the refund for order 123456.',
  }

  it('reads the analysis field when the ticket has it: the same panel as from the lines', () => {
    const ticket = {
      description: REFUND,
      analysis: RECORD,
      category: 'refund-cancellation',
      priority: 'high',
    }
    // The same panel, and the field also says what wrote it, which the lines do not.
    expect(toAnalysisView(ticket, namesOf())).toEqual({
      ...toAnalysisView({ ...ticket, analysis: null }, namesOf()),
      madeBy: 'Local model',
    })
    // The field is what is read: the description's text does not matter once it is there.
    expect(toAnalysisView({ ...ticket, description: 'Found an outage.' }, namesOf())).toMatchObject({
      kind: 'parts',
      summary: RECORD.summary,
      fields: [
        { label: 'Order number', value: '123456' },
        { label: 'Amount', value: '89.90 USD' },
        { label: 'Phone number', value: '+1 (555) 123-4567' },
      ],
    })
  })

  it('keeps the reason of a category the workspace renamed since, which the lines could not tell from an agent’s change', () => {
    const renamed = namesOf(
      DEFAULT_TICKET_CATEGORIES.map((category) =>
        category.key === 'refund-cancellation' ? { ...category, name: 'Refunds' } : category,
      ),
    )
    const ticket = { description: REFUND, category: 'refund-cancellation', priority: 'high' }
    expect(toAnalysisView({ ...ticket, analysis: RECORD }, renamed)).toMatchObject({
      category: { name: 'Refunds', reason: '91% confident' },
    })
    expect(toAnalysisView(ticket, renamed)).toMatchObject({
      category: { name: 'Refunds', reason: SET_BY_AGENT },
    })
    expect(
      toAnalysisView({ ...ticket, analysis: RECORD, category: 'billing-payment', priority: 'low' }, renamed),
    ).toMatchObject({
      category: { name: 'Billing and payment', reason: SET_BY_AGENT },
      priority: { level: 'low', reasons: [SET_BY_AGENT] },
    })
  })
})
