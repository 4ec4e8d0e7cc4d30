import { describe, expect, it } from 'vitest'
import { EXTRACTION_KINDS, EXTRACTION_SNIPPETS } from './extraction-snippets'
import { scoreExtraction } from './score-extraction'

// Floors a little under what the extraction reaches on the snippets today (npm run evaluate:extraction
// prints the figures): a change that loses more than a snippet's worth of one kind fails here.
const FLOORS = {
  orderNumbers: { precision: 0.95, recall: 0.9 },
  invoiceNumbers: { precision: 0.95, recall: 0.9 },
  amounts: { precision: 0.95, recall: 0.95 },
  products: { precision: 0.85, recall: 0.75 },
  errorCodes: { precision: 0.95, recall: 0.8 },
  dates: { precision: 0.95, recall: 0.9 },
  people: { precision: 0.95, recall: 0.8 },
  companies: { precision: 0.9, recall: 0.9 },
} as const

describe('the labelled extraction snippets', () => {
  it('are at least 100, and label every kind many times over', () => {
    expect(EXTRACTION_SNIPPETS.length).toBeGreaterThanOrEqual(100)
    for (const kind of EXTRACTION_KINDS) {
      const labelled = EXTRACTION_SNIPPETS.flatMap((snippet) => snippet.expected[kind] ?? [])
      expect(labelled.length, kind).toBeGreaterThanOrEqual(9)
    }
  })

  it.each(scoreExtraction(EXTRACTION_SNIPPETS))(
    'find $kind with precision and recall above their floors',
    (score) => {
      expect(score.precision, score.wrong.join('; ')).toBeGreaterThanOrEqual(FLOORS[score.kind].precision)
      expect(score.recall, score.missed.join('; ')).toBeGreaterThanOrEqual(FLOORS[score.kind].recall)
    },
  )
})
