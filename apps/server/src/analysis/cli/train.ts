import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readCsv } from '../data/read-csv'
import { trainClassifier } from '../model/train-classifier'
import { formatMetrics } from '../report/format-metrics'
import { parseTrainArgs } from './parse-train-args'

// npm run --silent train -- --csv FILE --text COL[,COL...] --label COL --out MODEL.json
async function main() {
  const args = parseTrainArgs({ args: process.argv.slice(2) })
  const rows = await readCsv({ path: args.csv })
  const missing = [...args.textColumns, args.labelColumn].filter(
    (column) => rows.length > 0 && !(column in rows[0]!),
  )
  if (missing.length > 0) throw new Error(`column(s) not in ${args.csv}: ${missing.join(', ')}`)
  const started = performance.now()
  const result = trainClassifier({
    examples: rows.map((row) => ({
      text: args.textColumns.map((column) => row[column] ?? '').join('\n'),
      label: (row[args.labelColumn] ?? '').trim(),
    })),
    features: args.features,
    settings: args.settings,
    holdoutFraction: args.holdoutFraction,
    splitSeed: args.splitSeed,
    source: { name: path.basename(args.csv), textColumns: args.textColumns, labelColumn: args.labelColumn },
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const json = JSON.stringify(result.file)
  const lines = [
    `trained on ${result.file.training.trainRows} rows, ${result.file.labels.length} labels, in ${seconds} s`,
  ]
  if (result.holdout) {
    lines.push(
      formatMetrics({
        title: 'held-out',
        metrics: result.holdout,
        ...(result.baseline ? { baseline: result.baseline } : {}),
      }),
    )
  } else {
    lines.push('no held-out part (--holdout 0): nothing to measure')
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
