import { parseArgs } from 'node:util'
import { readCsv } from '../data/read-csv'
import { measureClassification, measureMajorityBaseline } from '../model/metrics'
import { assessPriority } from '../priority/priority-rules'
import { formatMetrics } from '../report/format-metrics'

// Scores the priority rules against a labelled CSV (the Tobi-Bueck dev file); it fits nothing.
const { values } = parseArgs({
  options: {
    csv: { type: 'string' },
    subject: { type: 'string', default: 'subject' },
    body: { type: 'string', default: 'body' },
    label: { type: 'string', default: 'priority' },
  },
})
if (!values.csv) {
  process.stderr.write('usage: evaluate-priority --csv FILE [--subject COL] [--body COL] [--label COL]\n')
  process.exit(2)
}
const rows = await readCsv({ path: values.csv })
const expected = rows.map((row) => (row[values.label] ?? '').trim().toLowerCase())
const assessments = rows.map((row) =>
  assessPriority({ subject: row[values.subject] ?? '', body: row[values.body] ?? '' }),
)
const metrics = measureClassification({ expected, predicted: assessments.map((a) => a.priority) })
const baseline = measureMajorityBaseline({ trainLabels: expected, expected })
process.stdout.write(
  `${formatMetrics({ title: 'priority', metrics, baseline })}\n\nrule         fired  high   medium low\n`,
)
const ruleIds = [...new Set(assessments.flatMap((a) => a.reasons.map((reason) => reason.rule)))].sort()
for (const rule of ruleIds) {
  const labels = expected.filter((_, i) => assessments[i]!.reasons.some((reason) => reason.rule === rule))
  const share = (label: string) => (labels.filter((l) => l === label).length / labels.length).toFixed(2)
  process.stdout.write(
    `${rule.padEnd(20)}${String(labels.length).padEnd(7)}${share('high').padEnd(7)}${share('medium').padEnd(7)}${share('low')}\n`,
  )
}
