import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('./evaluate-priority.ts', import.meta.url))

function runEvaluate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args])
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

// Even rows are ranked as labelled; of the odd rows one is right and two are not.
const CSV = [
  'subject,body,priority',
  'Outage,"Our shop is down and customers cannot pay. Please fix this urgently.",high',
  'Pricing,"We are interested in learning about your pricing and case studies.",medium',
  'Address,"How do I change the delivery address on my order?",medium',
  'Invoice,"Please send me a copy of my invoice.",high',
  'Question,"No rush: I would like to know more about your newsletter.",low',
  'Login,"I cannot log in since this morning, it is urgent.",medium',
].join('\n')

describe('evaluate-priority command', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parsedesk-priority-'))
    await writeFile(path.join(dir, 'labelled.csv'), CSV)
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('prints accuracy, macro-F1, per-label figures and the majority baseline for all rows and each half', async () => {
    const { code, stdout } = await runEvaluate(['--csv', path.join(dir, 'labelled.csv')])
    expect(code).toBe(0)
    expect(stdout).toContain('priority, all rows: 6 rows, accuracy 0.6667')
    expect(stdout).toContain('priority, tuning half (even rows): 3 rows, accuracy 1.0000, macro-F1 1.0000')
    expect(stdout).toContain('priority, check half (odd rows): 3 rows, accuracy 0.3333')
    expect(
      stdout.match(/^majority baseline \("\w+"\): accuracy \d\.\d{4}, macro-F1 \d\.\d{4}$/gm),
    ).toHaveLength(3)
    expect(stdout).toMatch(/^high {10}\d\.\d{4} {5}\d\.\d{4} {2}\d\.\d{4} {2}\d+$/m)
    expect(stdout).toMatch(/^urgency +1 +1\.00 +0\.00 +0\.00$/m)
    expect(stdout).toMatch(
      /^priority rules per ticket \(best of 3\): p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms/m,
    )
  })

  it('explains its usage when no file is given', async () => {
    const { code, stderr } = await runEvaluate([])
    expect(code).toBe(2)
    expect(stderr).toMatch(/^usage: evaluate-priority --csv FILE/)
  })
})
