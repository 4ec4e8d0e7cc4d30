import { describe, expect, it } from 'vitest'
import {
  ANALYSIS_MAX_BYTES,
  type TTicketAnalysisRecord,
  type TTicketEntities,
  ZTicketAnalysisRecord,
} from './analysis'
import { readTicketAnalysis, writeAnalysisText } from './analysis-text'
import { jsonByteLength } from './json-limits'
import { ZTicketAttributes } from './tickets'

const NO_ENTITIES: TTicketEntities = {
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
}

const RECORD: TTicketAnalysisRecord = {
  source: 'local',
  summary: 'The customer was charged twice for invoice INV-2024-001.',
  category: 'billing-payment',
  categoryReason: '87% confident',
  spamReason: null,
  priority: 'high',
  priorityReasons: ['reports a failed or wrong payment ("charged twice")'],
  confidence: 0.87,
  sentiment: 'negative',
  language: 'English',
  entities: {
    ...NO_ENTITIES,
    invoiceNumbers: ['INV-2024-001'],
    amounts: [{ value: '49.90', currency: 'EUR' }],
  },
  nextStep: 'Check the payments for invoice INV-2024-001 and refund the second one.',
}

describe('the analysis a ticket stores', () => {
  it('is a field of the ticket: null until analysed, else a record whose parts keep their limits', () => {
    const { analysis } = ZTicketAttributes.shape
    expect(analysis.parse(null)).toBeNull()
    expect(analysis.parse(RECORD)).toEqual(RECORD)
    for (const wrong of [
      { ...RECORD, summary: 'x'.repeat(501) },
      { ...RECORD, priority: 'urgent' },
      { ...RECORD, confidence: 1.5 },
      { ...RECORD, source: 'somebody' },
      { ...RECORD, entities: { ...NO_ENTITIES, urls: Array(21).fill('https://example.com') } },
      { ...RECORD, spamReason: undefined },
    ])
      expect(analysis.safeParse(wrong).success).toBe(false)
  })

  it('never outweighs the size the database allows, even with every part full of six-byte escapes', () => {
    // Every string at its limit, of a character JSON writes as \u0001: the heaviest record the schema allows.
    const full = (length: number) => '\u0001'.repeat(length)
    const list = (length: number) => Array.from({ length: 20 }, () => full(length))
    const heaviest = ZTicketAnalysisRecord.parse({
      source: 'local',
      summary: full(500),
      category: full(100),
      categoryReason: full(300),
      spamReason: full(300),
      priority: 'medium',
      priorityReasons: list(300),
      confidence: 0.123456789,
      sentiment: 'positive',
      language: full(40),
      entities: {
        orderNumbers: list(300),
        invoiceNumbers: list(300),
        amounts: Array.from({ length: 20 }, () => ({ value: full(40), currency: full(20) })),
        emails: list(300),
        phones: list(300),
        urls: list(2000),
        products: list(300),
        errorCodes: list(300),
        dates: list(300),
        people: list(300),
        companies: list(300),
      },
      nextStep: full(500),
    })
    // jsonb writes a space after each colon and comma, which JSON.stringify leaves out: a few KB at most.
    expect(jsonByteLength(heaviest) + 10_000).toBeLessThan(ANALYSIS_MAX_BYTES)
  })
})

describe('readTicketAnalysis', () => {
  const lines = writeAnalysisText({
    summary: 'Old summary from the lines.',
    category: 'Billing and payment',
    categoryReason: 'spam (bulk mail: List-Unsubscribe header)',
    priority: 'low',
    priorityReasons: [],
    sentiment: 'neutral',
    language: 'German',
    fields: [],
    nextStep: 'No reply.',
  })

  it('reads the field when there is one, with the category by its key and the fields in the panel’s order', () => {
    expect(readTicketAnalysis({ analysis: RECORD, description: lines })).toEqual({
      from: 'field',
      summary: RECORD.summary,
      category: 'billing-payment',
      categoryReason: '87% confident',
      spamReason: null,
      priority: 'high',
      priorityReasons: RECORD.priorityReasons,
      sentiment: 'negative',
      language: 'English',
      fields: [
        { kind: 'invoiceNumbers', label: 'Invoice number', value: 'INV-2024-001' },
        { kind: 'amounts', label: 'Amount', value: '49.90 EUR' },
      ],
      nextStep: RECORD.nextStep,
      madeBy: 'Local model',
    })
    // An LLM's analysis names its model; one written before models were kept says only that an LLM did.
    expect(readTicketAnalysis({ analysis: { ...RECORD, source: 'llm', model: 'gpt-4o-mini' } })?.madeBy).toBe(
      'gpt-4o-mini',
    )
    expect(readTicketAnalysis({ analysis: { ...RECORD, source: 'llm' } })?.madeBy).toBe('LLM')
  })

  it('reads the lines of a ticket analysed before the field, the spam rule’s reason taken out of them', () => {
    expect(readTicketAnalysis({ analysis: null, description: lines })).toMatchObject({
      from: 'text',
      summary: 'Old summary from the lines.',
      category: 'Billing and payment',
      spamReason: 'bulk mail: List-Unsubscribe header',
      language: 'German',
    })
    expect(readTicketAnalysis({ description: 'Found an outage in "Site down".' })).toBeNull()
    expect(readTicketAnalysis({ analysis: null, description: null })).toBeNull()
  })
})
