import type { TClassificationMetrics } from '../model/metrics'

/** A plain-text table of the figures, one line per label, for a terminal. */
export function formatMetrics(options: {
  title: string
  metrics: TClassificationMetrics
  baseline?: TClassificationMetrics & { majorityLabel: string }
}): string {
  const { metrics, baseline } = options
  const width = Math.max(12, ...metrics.perLabel.map((row) => row.label.length)) + 2
  const lines = [
    `${options.title}: ${metrics.count} rows, accuracy ${fixed(metrics.accuracy)}, macro-F1 ${fixed(metrics.macroF1)}`,
  ]
  if (baseline) {
    lines.push(
      `majority baseline ("${baseline.majorityLabel}"): accuracy ${fixed(baseline.accuracy)}, macro-F1 ${fixed(baseline.macroF1)}`,
    )
  }
  lines.push(`${'label'.padEnd(width)}precision  recall  f1      support`)
  for (const row of metrics.perLabel) {
    lines.push(
      `${row.label.padEnd(width)}${fixed(row.precision).padEnd(11)}${fixed(row.recall).padEnd(8)}${fixed(row.f1).padEnd(8)}${row.support}`,
    )
  }
  return lines.join('\n')
}

function fixed(value: number): string {
  return value.toFixed(4)
}
