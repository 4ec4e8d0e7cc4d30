import type { TTicketEntities } from '@parsedesk/contracts'
import { extractTicketEntities } from '../extract/extract-entities'
import { EXTRACTION_KINDS, type TExtractionKind, type TExtractionSnippet } from './extraction-snippets'

export type TExtractionScore = {
  kind: TExtractionKind
  /** Labelled values found, found values not labelled, labelled values not found. */
  truePositives: number
  falsePositives: number
  falseNegatives: number
  /** 1 when nothing of the kind was found: no wrong find. */
  precision: number
  /** 1 when nothing of the kind was labelled. */
  recall: number
  /** What was found and not labelled, and labelled and not found, with the snippet's subject. */
  wrong: string[]
  missed: string[]
}

// Compared as a reader would: "Order 5512-ax-77" and "5512-AX-77" are one id, spaces do not matter.
const normalise = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase()

function valuesOf(entities: TTicketEntities, kind: TExtractionKind): string[] {
  return kind === 'amounts'
    ? entities.amounts.map((amount) => `${amount.value} ${amount.currency}`)
    : entities[kind]
}

/** Precision and recall of each kind over the snippets, as extractTicketEntities reads a ticket. */
export function scoreExtraction(snippets: readonly TExtractionSnippet[]): TExtractionScore[] {
  const scores = EXTRACTION_KINDS.map((kind) => ({
    kind,
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    wrong: [] as string[],
    missed: [] as string[],
  }))
  for (const snippet of snippets) {
    const entities = extractTicketEntities({ subject: snippet.subject, body: snippet.body })
    for (const score of scores) {
      const expected = new Set((snippet.expected[score.kind] ?? []).map(normalise))
      const found = new Set(valuesOf(entities, score.kind).map(normalise))
      for (const value of found) {
        if (expected.has(value)) score.truePositives++
        else {
          score.falsePositives++
          score.wrong.push(`${value} (${snippet.subject})`)
        }
      }
      for (const value of expected) {
        if (!found.has(value)) {
          score.falseNegatives++
          score.missed.push(`${value} (${snippet.subject})`)
        }
      }
    }
  }
  return scores.map((score) => {
    const found = score.truePositives + score.falsePositives
    const labelled = score.truePositives + score.falseNegatives
    return {
      ...score,
      precision: found === 0 ? 1 : score.truePositives / found,
      recall: labelled === 0 ? 1 : score.truePositives / labelled,
    }
  })
}
