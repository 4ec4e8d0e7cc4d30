import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { CategoryKey } from '@parsedesk/contracts'
import { readCsv } from '../data/read-csv'
import { scoreLanguages, type TLanguageScore } from '../evaluation/score-languages'
import type { TTicketFamily } from '../evaluation/ticket-families'
import { WRITTEN_TEST_EMAILS } from '../evaluation/written-test-emails'
import { DEFAULT_MODEL_PATH } from '../index'
import { createLocalAnalyser } from '../local-analyser'
import { loadClassifier } from '../model/classifier'
import type { TFeatureConfig } from '../model/features'
import { measureClassification, measureMajorityBaseline, type TClassificationMetrics } from '../model/metrics'
import { type TLabelledText, trainClassifier } from '../model/train-classifier'
import { buildDefaultTrainingSet } from '../training/default-training-set'

// npm run --silent evaluate [-- --only NAME] [-- --data-dir DIR]: for each data set, accuracy and macro-F1
// on a held-out part that keeps near-duplicates on one side (the split `train` uses), beside the
// majority class and a simple baseline (the same classifier on single words only); and per language, the
// Tobi-Bueck dev rows' family accuracy, share filed "other" and priority accuracy.
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))
const { values } = parseArgs({ options: { only: { type: 'string' }, 'data-dir': { type: 'string' } } })
const dataDir = path.resolve(values['data-dir'] ?? path.join(repoRoot, '../shared/data'))
const WORDS_ONLY: Partial<TFeatureConfig> = { wordNgramMax: 1, charNgramMin: 1, charNgramMax: 0 }

type TRow = {
  name: string
  rows: number
  model: TClassificationMetrics
  majority: TClassificationMetrics
  wordsOnly: TClassificationMetrics
  note?: string
}

/** Held-out figures of the full classifier and of the words-only one, trained on the same split. */
function evaluateSplit(options: {
  name: string
  examples: TLabelledText[]
  features?: Partial<TFeatureConfig>
  note?: string
}): TRow {
  const source = { name: options.name, textColumns: ['text'], labelColumn: 'label' }
  const model = trainClassifier({
    examples: options.examples,
    source,
    ...(options.features ? { features: options.features } : {}),
  })
  const wordsOnly = trainClassifier({ examples: options.examples, source, features: WORDS_ONLY })
  return {
    name: options.name,
    rows: model.holdout!.count,
    model: model.holdout!,
    majority: model.baseline!,
    wordsOnly: wordsOnly.holdout!,
    ...(options.note ? { note: options.note } : {}),
  }
}

async function readLabelled(options: { file: string; label: string }): Promise<TLabelledText[]> {
  const rows = await readCsv({ path: path.join(dataDir, options.file) })
  return rows.map((row) => ({ text: row.text ?? '', label: (row[options.label] ?? '').trim() }))
}

const evaluations: Record<string, () => Promise<{ row?: TRow; lines: string[] }>> = {
  async default() {
    const { examples } = await buildDefaultTrainingSet({ dataDir })
    const row = evaluateSplit({ name: 'default model examples (10 categories)', examples })
    return { row, lines: [] }
  },

  async written() {
    // The shipped model and its words-only twin, both trained on the training part of the default split.
    const { examples, displayLabelOf, source } = await buildDefaultTrainingSet({ dataDir })
    const wordsOnly = trainClassifier({ examples, source, displayLabelOf, features: WORDS_ONLY })
    const shipped = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
    const twin = createLocalAnalyser({ classifier: wordsOnly.classifier })
    const expected = WRITTEN_TEST_EMAILS.map((email) => email.category)
    const keysOf = (analyser: typeof shipped) =>
      WRITTEN_TEST_EMAILS.map((email) => analyser.analyseNow(email).details!.categoryLabel)
    const predicted = keysOf(shipped)
    const other = predicted.filter((key) => key === CategoryKey.other).length
    const row: TRow = {
      name: 'written support emails, the shipped model',
      rows: expected.length,
      model: measureClassification({ expected, predicted }),
      majority: measureMajorityBaseline({ trainLabels: examples.map((e) => e.label), expected }),
      wordsOnly: measureClassification({ expected, predicted: keysOf(twin) }),
      note: `Other ${other} of ${expected.length} (${percent(other / expected.length)}), with the 35% threshold`,
    }
    return { row, lines: [] }
  },

  async 'tobi-bueck'() {
    const rows = await readCsv({ path: path.join(dataDir, 'tickets/tobi-bueck-eval-only/dev.csv') })
    const analyser = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
    const keys = rows.map(
      (row) =>
        analyser.analyseNow({ subject: row.subject ?? '', body: row.body ?? '' }).details!.categoryLabel,
    )
    const other = keys.filter((key) => key === CategoryKey.other).length
    return {
      lines: [
        `Tobi-Bueck support emails (no labels in this taxonomy), the shipped model: Other ${other} of ${rows.length} (${percent(other / rows.length)})`,
      ],
    }
  },

  async languages() {
    // Issue 28: the held-out Tobi-Bueck dev rows in English and in German, Spanish, Portuguese and French
    // (evaluation and tuning only, never trained on), scored by family of categories (ticket-families.ts).
    const folder = path.join(dataDir, 'tickets/tobi-bueck-eval-only')
    const english: Record<string, string>[] = (await readCsv({ path: path.join(folder, 'dev.csv') })).map(
      (row) => ({ ...row, language: 'en' }),
    )
    const others = await readCsv({ path: path.join(folder, 'other-languages-dev.csv') })
    const analyser = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
    const scores = scoreLanguages({
      rows: [...english, ...others].map((row) => ({
        language: row.language ?? '',
        queue: row.queue ?? '',
        priority: row.priority ?? '',
        input: { subject: row.subject ?? '', body: row.body ?? '' },
      })),
      analyse: (input) => {
        const result = analyser.analyseNow(input)
        return { categoryKey: result.details!.categoryLabel, priority: result.priority }
      },
    })
    const englishScore = scores.find((score) => score.language === 'en')
    const lines = [
      'Tobi-Bueck dev rows by language, the shipped model (family: technical, billing, orders queues only)',
      `  ${'lang'.padEnd(5)}${'rows'.padStart(6)}${'family rows'.padStart(13)}  family acc  x English  technical  billing  orders   Other   priority acc`,
      ...scores.map(
        (score) =>
          `  ${score.language.padEnd(5)}${String(score.rows).padStart(6)}${String(score.familyRows).padStart(13)}  ${fixed(score.familyAccuracy).padStart(10)}  ${(englishScore ? (score.familyAccuracy / englishScore.familyAccuracy).toFixed(2) : '-').padStart(9)}  ${familyCell(score, 'technical').padStart(9)}  ${familyCell(score, 'billing').padStart(7)}  ${familyCell(score, 'orders').padStart(6)}  ${percent(score.otherRate).padStart(6)}  ${fixed(score.priorityAccuracy).padStart(13)}`,
      ),
    ]
    return { lines }
  },

  async 'it-service'() {
    const examples = await readLabelled({ file: 'tickets/it-service/train.csv', label: 'category' })
    // Its text is lower-cased with stop words removed already; character n-grams only add noise there.
    const row = evaluateSplit({
      name: 'IT-service, its own 8 labels',
      examples,
      features: { charNgramMin: 1, charNgramMax: 0 },
    })
    return { row, lines: [] }
  },

  async bitext() {
    const examples = await readLabelled({ file: 'tickets/bitext/train.csv', label: 'category' })
    return { row: evaluateSplit({ name: 'Bitext, its own 11 categories', examples }), lines: [] }
  },
}

const names = values.only ? [values.only] : Object.keys(evaluations)
const unknown = names.filter((name) => !(name in evaluations))
if (unknown.length > 0) {
  process.stderr.write(`usage: evaluate [--only ${Object.keys(evaluations).join('|')}] [--data-dir DIR]\n`)
  process.exit(2)
}
const header = `${'data set'.padEnd(44)}${'rows'.padStart(6)}  accuracy  macro-F1   majority (acc / F1)   words only (acc / F1)`
const output = [header]
for (const name of names) {
  const { row, lines } = await evaluations[name]!()
  if (row) {
    output.push(
      `${row.name.padEnd(44)}${String(row.rows).padStart(6)}  ${fixed(row.model.accuracy)}    ${fixed(row.model.macroF1)}     ${fixed(row.majority.accuracy)} / ${fixed(row.majority.macroF1)}       ${fixed(row.wordsOnly.accuracy)} / ${fixed(row.wordsOnly.macroF1)}`,
    )
    if (row.note) output.push(`  ${row.note}`)
  }
  output.push(...lines)
}
process.stdout.write(`${output.join('\n')}\n`)

function fixed(value: number): string {
  return value.toFixed(4)
}

function familyCell(score: TLanguageScore, family: TTicketFamily): string {
  const { rows, accuracy } = score.byFamily[family]
  return rows === 0 ? '-' : accuracy.toFixed(2)
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`
}
