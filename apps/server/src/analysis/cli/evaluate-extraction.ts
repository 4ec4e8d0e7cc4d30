import { EXTRACTION_SNIPPETS } from '../evaluation/extraction-snippets'
import { scoreExtraction } from '../evaluation/score-extraction'

// Precision and recall of each kind of extracted field on the labelled snippets, then what was found
// wrongly and what was missed, so a change to the extraction shows what it gained and what it broke.
const scores = scoreExtraction(EXTRACTION_SNIPPETS)
const rows = scores.map((score) => [
  score.kind,
  String(score.truePositives + score.falseNegatives),
  String(score.truePositives + score.falsePositives),
  score.precision.toFixed(2),
  score.recall.toFixed(2),
])
const header = ['kind', 'labelled', 'found', 'precision', 'recall']
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
)
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')
console.log(
  `${EXTRACTION_SNIPPETS.length} labelled snippets (apps/server/fixtures/analysis/extraction-snippets.json)\n`,
)
console.log(line(header))
for (const row of rows) console.log(line(row))
for (const score of scores) {
  for (const value of score.wrong) console.log(`wrong  ${score.kind}: ${value}`)
  for (const value of score.missed) console.log(`missed ${score.kind}: ${value}`)
}
