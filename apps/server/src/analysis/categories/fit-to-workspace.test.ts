import {
  DEFAULT_TICKET_CATEGORIES,
  readAnalysisText,
  type TTicketAnalysis,
  type TTicketCategory,
  writeAnalysisText,
} from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { categoryByNameWords, fitAnalysisToCategories } from './fit-to-workspace'

/** An analysis as the local analyser writes it, filed under `key` (named `name`) for `reason`. */
function analysisOf(key: string, name: string, reason = '81% confident'): TTicketAnalysis {
  return {
    category: name,
    priority: 'medium',
    confidence: 0.81,
    analysis: writeAnalysisText({
      summary: 'The customer was charged twice.',
      category: name,
      categoryReason: reason,
      priority: 'medium',
      priorityReasons: [],
      sentiment: 'neutral',
      language: 'English',
      fields: [],
      nextStep: 'Check the payments and refund the second one.',
    }),
    details: {
      summary: 'The customer was charged twice.',
      categoryLabel: key,
      priorityReasons: [],
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
      nextStep: 'Check the payments and refund the second one.',
      categoryReason: reason,
      source: 'local',
    },
  }
}

const renamed = (key: string, name: string): TTicketCategory[] =>
  DEFAULT_TICKET_CATEGORIES.map((category) => (category.key === key ? { ...category, name } : category))

describe('an analysis filed under a workspace’s own categories', () => {
  it('stores the key and names the workspace’s name for it in the description, keeping the reason', () => {
    const fitted = fitAnalysisToCategories({
      analysis: analysisOf('billing-payment', 'Billing and payment'),
      categories: renamed('billing-payment', 'Payments'),
      text: 'Charged twice',
    })
    expect(fitted.category).toBe('billing-payment')
    expect(readAnalysisText(fitted.analysis)).toMatchObject({
      category: 'Payments',
      categoryReason: '81% confident',
    })
  })

  it('files a ticket of a removed category under the workspace’s "other", saying why', () => {
    const fitted = fitAnalysisToCategories({
      analysis: analysisOf('feedback', 'Feedback'),
      categories: DEFAULT_TICKET_CATEGORIES.filter((category) => category.key !== 'feedback'),
      text: 'Great service, thank you',
    })
    expect(fitted.category).toBe('other')
    expect(fitted.details?.categoryReason).toBe("its category was removed from this workspace's list")
    expect(readAnalysisText(fitted.analysis)?.category).toBe('Other')
  })

  it('chooses an added category for an unsure ticket only when every word of its name is in the text', () => {
    const categories = [
      ...DEFAULT_TICKET_CATEGORIES,
      { key: 'partner-requests', name: 'Partner requests', description: 'Resellers and agencies.' },
    ]
    const matched = fitAnalysisToCategories({
      analysis: analysisOf('other', 'Other', 'no category fits well; closest is Feedback at 28%'),
      categories,
      text: 'Partnership\nWe are an agency and have a partner request: can we resell your product?',
    })
    expect(matched.category).toBe('partner-requests')
    expect(readAnalysisText(matched.analysis)).toMatchObject({
      category: 'Partner requests',
      categoryReason: 'the ticket has the words of its name ("partner", "requests")',
    })
    // The model's unsure guess gives way too; one word of two is not enough, and a sure guess stands.
    const unsure = fitAnalysisToCategories({
      analysis: { ...analysisOf('technical-problem', 'Technical problem'), confidence: 0.49 },
      categories,
      text: 'Partner requests\nTwo partner requests came in at the trade fair in Lyon.',
    })
    expect(unsure.category).toBe('partner-requests')
    const partial = fitAnalysisToCategories({
      analysis: analysisOf('other', 'Other'),
      categories,
      text: 'Our partner cannot sign in',
    })
    expect(partial.category).toBe('other')
    const placed = fitAnalysisToCategories({
      analysis: analysisOf('billing-payment', 'Billing and payment'),
      categories,
      text: 'A partner request about an invoice',
    })
    expect(placed.category).toBe('billing-payment')
  })

  it('leaves an LLM’s choice to it: it was offered the added categories, so their words do not overrule it', () => {
    const categories = [
      ...DEFAULT_TICKET_CATEGORIES,
      { key: 'partner-requests', name: 'Partner requests', description: 'Resellers and agencies.' },
    ]
    const llm = analysisOf(
      'other',
      'Other',
      'needs triage (the LLM answered "Fairs", which is none of this workspace\'s categories)',
    )
    const fitted = fitAnalysisToCategories({
      analysis: { ...llm, details: { ...llm.details!, source: 'llm' } },
      categories,
      text: 'Partner requests\nTwo partner requests came in at the trade fair in Lyon.',
    })
    expect(fitted.category).toBe('other')
    expect(fitted.details?.categoryReason).toMatch(/^needs triage \(the LLM answered "Fairs"/)
  })

  it('keeps spam as spam under the workspace’s name for it', () => {
    const fitted = fitAnalysisToCategories({
      analysis: analysisOf(
        'spam-marketing',
        'Spam and marketing',
        'spam (bulk mail: List-Unsubscribe header)',
      ),
      categories: renamed('spam-marketing', 'Junk'),
      text: 'Our newsletter',
    })
    expect(fitted.category).toBe('spam-marketing')
    expect(readAnalysisText(fitted.analysis)).toMatchObject({
      category: 'Junk',
      categoryReason: 'spam (bulk mail: List-Unsubscribe header)',
    })
  })

  it('leaves an analysis that names no key of the taxonomy as it is (a model with labels of its own)', () => {
    const own = { category: 'Account', priority: 'high', analysis: 'An outage.', confidence: 0.9 } as const
    expect(fitAnalysisToCategories({ analysis: own, categories: DEFAULT_TICKET_CATEGORIES, text: '' })).toBe(
      own,
    )
  })

  it('ignores the default categories and short or filler words when matching names', () => {
    expect(categoryByNameWords({ categories: DEFAULT_TICKET_CATEGORIES, text: 'Feedback' })).toBeNull()
    const categories = [{ key: 'vip', name: 'VIP and the press', description: '' }]
    expect(categoryByNameWords({ categories, text: 'A question from the press, a VIP' })?.words).toEqual([
      'vip',
      'press',
    ])
  })
})
