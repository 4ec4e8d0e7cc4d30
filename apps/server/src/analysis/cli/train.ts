import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readCsv } from '../data/read-csv'
import { type TLabelledText, trainClassifier } from '../model/train-classifier'
import { formatMetrics } from '../report/format-metrics'
import { buildDefaultTrainingSet } from '../training/default-training-set'
import { parseTrainArgs, type TTrainingSource } from './parse-train-args'

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))

type TLoadedExamples = {
  examples: TLabelledText[]
  source: { name: string; textColumns: string[]; labelColumn: string }
  displayLabelOf?: (label: string) => string
  notes: string[]
}

async function loadExamples(source: TTrainingSource): Promise<TLoadedExamples> {
  if (source.kind === 'default') {
    const dataDir = path.resolve(source.dataDir ?? path.join(repoRoot, '../shared/data'))
    const set = await buildDefaultTrainingSet({ dataDir })
    return {
      examples: set.examples,
      source: set.source,
      displayLabelOf: set.displayLabelOf,
      notes: set.counts.map((c) => `  ${c.source.padEnd(11)} ${c.category.padEnd(20)} ${c.examples}`),
    }
  }
  const rows = await readCsv({ path: source.csv })
  const missing = [...source.textColumns, source.labelColumn].filter(
    (column) => rows.length > 0 && !(column in rows[0]!),
  )
  if (missing.length > 0) throw new Error(`column(s) not in ${source.csv}: ${missing.join(', ')}`)
  return {
    examples: rows.map((row) => ({
      text: source.textColumns.map((column) => row[column] ?? '').join('\n'),
      label: (row[source.labelColumn] ?? '').trim(),
    })),
    source: {
      name: path.basename(source.csv),
      textColumns: source.textColumns,
      labelColumn: source.labelColumn,
    },
    notes: [],
  }
}

// npm run --silent train -- (--csv FILE --text COL[,COL...] --label COL | --default) --out MODEL.json
async function main() {
  const args = parseTrainArgs({ args: process.argv.slice(2) })
  const loaded = await loadExamples(args.source)
  const started = performance.now()
  const result = trainClassifier({
    examples: loaded.examples,
    features: args.features,
    settings: args.settings,
    holdoutFraction: args.holdoutFraction,
    splitSeed: args.splitSeed,
    source: loaded.source,
    ...(loaded.displayLabelOf ? { displayLabelOf: loaded.displayLabelOf } : {}),
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const json = JSON.stringify(result.file)
  const lines = loaded.notes.length > 0 ? ['examples by source and category:', ...loaded.notes] : []
  lines.push(
    `trained on ${result.file.training.trainRows} rows, ${result.file.labels.length} labels, in ${seconds} s`,
  )
  if (result.holdout) {
    lines.push(
      formatMetrics({
        title: 'held-out',
        metrics: result.holdout,
        ...(result.baseline ? { baseline: result.baseline } : {}),
      }),
    )
  } else {
    lines.push(
      'no held-out part (--holdout 0, or no label has texts that are not near-duplicates of each other): nothing to measure',
    )
  }
  if (args.out) {
    await writeFile(args.out, json)
    lines.push(`model written to ${args.out} (${(Buffer.byteLength(json) / 1024).toFixed(0)} KB)`)
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
