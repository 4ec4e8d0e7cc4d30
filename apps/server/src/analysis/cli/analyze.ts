import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { ZAnalysisInput } from '@parsedesk/contracts'
import { createAnalyser } from '../index'
import { readLlmOptions } from '../llm/read-llm-options'

// npm run --silent analyze [-- --model MODEL.json] [-- --details] < tickets.jsonl
// stdout carries only JSON lines, one per input line and in input order; everything else goes to stderr.
async function main() {
  const { values } = parseArgs({
    options: { model: { type: 'string' }, details: { type: 'boolean', default: false } },
  })
  const llm = readLlmOptions({ env: process.env })
  const analyser = await createAnalyser({
    ...(values.model ? { modelPath: values.model } : {}),
    ...(llm ? { llm } : {}),
  })
  let hasFailed = false
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
  for await (const line of lines) {
    if (line.trim().length === 0) continue
    try {
      const input = ZAnalysisInput.parse(JSON.parse(line))
      const { category, priority, analysis, confidence, details } = await analyser.analyse(input)
      const output = values.details
        ? { category, priority, analysis, confidence, details }
        : { category, priority, analysis, confidence }
      process.stdout.write(`${JSON.stringify(output)}\n`)
    } catch (error) {
      // One bad line must not shift the answers of the lines after it, so it gets an answer of its own.
      hasFailed = true
      process.stdout.write(`${JSON.stringify({ error: describeError(error) })}\n`)
    }
  }
  if (hasFailed) process.exitCode = 1
}

function describeError(error: unknown): string {
  if (error instanceof SyntaxError) return 'line is not JSON'
  if (error && typeof error === 'object' && 'issues' in error)
    return 'line needs string fields "subject" and "body"'
  return error instanceof Error ? error.message : String(error)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
