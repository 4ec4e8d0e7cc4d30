import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadClassifier } from '../model/classifier'

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))

function runNpm(options: {
  args: string[]
  stdin?: string
}): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env }
  for (const name of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL']) delete env[name]
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...options.args], { cwd: repoRoot, env })
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
    child.stdin.end(options.stdin ?? '')
  })
}

// Two text columns, quoted fields with commas, quotes and line breaks: what real exports look like. Each
// frame is its own wording, so the held-out part (near-duplicates kept on one side) has texts to measure.
function makeCsv(): string {
  const topics = {
    billing: ['invoice', 'charge', 'payment', 'receipt'],
    access: ['password', 'login', 'two-factor code', 'locked account'],
  }
  const frames = [
    'Hello,\nI have a question about the {w}, ""case {n}"".\nThanks',
    'My {w} does not look right to me, could you check it?',
    'Where in the settings do I find the {w}',
    'Thanks for the quick help with the {w} yesterday',
    'Is something wrong with {w} today? Ref {n}',
    'Please look at my {w} once more',
  ]
  const rows = ['subject,body,queue']
  for (const [queue, words] of Object.entries(topics)) {
    for (const [i, word] of words.entries()) {
      for (const [j, frame] of frames.entries()) {
        rows.push(`"About my ${word}","${frame.replace('{w}', word).replace('{n}', `${i}-${j}`)}",${queue}`)
      }
    }
  }
  return rows.join('\n')
}

describe('train and analyze commands', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parsedesk-cli-'))
    await writeFile(path.join(dir, 'tickets.csv'), makeCsv())
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('trains on any labelled CSV and prints held-out accuracy and macro-F1 per label', async () => {
    const modelPath = path.join(dir, 'queue.model.json')
    const result = await runNpm({
      args: [
        'train',
        '--',
        '--csv',
        path.join(dir, 'tickets.csv'),
        '--text',
        'subject,body',
        '--label',
        'queue',
        '--out',
        modelPath,
      ],
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/held-out: 16 rows, accuracy \d\.\d{4}, macro-F1 \d\.\d{4}/)
    expect(result.stdout).toMatch(/majority baseline/)
    expect(result.stdout).toMatch(/^access\s+\d\.\d{4}\s+\d\.\d{4}\s+\d\.\d{4}\s+8$/m)
    expect(result.stdout).toMatch(/^billing\s+\d\.\d{4}\s+\d\.\d{4}\s+\d\.\d{4}\s+8$/m)
    expect((await stat(modelPath)).size).toBeGreaterThan(0)
    const classifier = await loadClassifier({ path: modelPath })
    expect(classifier.file.labels).toEqual(['access', 'billing'])
    expect(classifier.file.training.textColumns).toEqual(['subject', 'body'])
  })

  it('refuses to train without the required flags and says how to call it', async () => {
    const result = await runNpm({ args: ['train', '--', '--csv', path.join(dir, 'tickets.csv')] })
    expect(result.code).not.toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      'usage: train (--csv FILE --text COL[,COL...] --label COL | --default [--data-dir DIR])',
    )
    const both = await runNpm({ args: ['train', '--', '--default', '--csv', path.join(dir, 'tickets.csv')] })
    expect(both.code).not.toBe(0)
    expect(both.stderr).toContain('usage: train')
  })

  it('analyzes JSON lines with a given model and prints only JSON lines, in order', async () => {
    await runNpm({
      args: [
        'train',
        '--',
        '--csv',
        path.join(dir, 'tickets.csv'),
        '--text',
        'subject,body',
        '--label',
        'queue',
        '--out',
        path.join(dir, 'q.model.json'),
        '--holdout',
        '0',
      ],
    })
    const input = [
      JSON.stringify({ subject: 'Locked out', body: 'My password stopped working and my account is locked' }),
      'this is not json',
      JSON.stringify({ subject: 'Invoice', body: 'The invoice shows a double charge' }),
      '',
    ].join('\n')
    const result = await runNpm({
      args: ['analyze', '--', '--model', path.join(dir, 'q.model.json')],
      stdin: input,
    })
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    const outputs = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(Object.keys(outputs[0]!).sort()).toEqual(['analysis', 'category', 'confidence', 'priority'])
    expect(outputs[0]!.category).toBe('Access')
    expect(outputs[1]).toEqual({ error: 'line is not JSON' })
    expect(outputs[2]!.category).toBe('Billing')
    expect(result.code).toBe(1)
  })

  it.skipIf(!existsSync(path.resolve(repoRoot, '../shared/data/tickets/bitext/train.csv')))(
    'evaluates the shipped model on the written emails beside the majority class and a words-only model',
    async () => {
      const result = await runNpm({ args: ['evaluate', '--', '--only', 'written'] })
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(
        /^written support emails, the shipped model +101 {2}0\.\d{4} {4}0\.\d{4} {5}0\.\d{4} \/ 0\.\d{4} {7}0\.\d{4} \/ 0\.\d{4}$/m,
      )
      expect(result.stdout).toMatch(/^ {2}Other \d+ of 101 \(\d+\.\d%\)/m)
      const unknown = await runNpm({ args: ['evaluate', '--', '--only', 'nothing'] })
      expect(unknown.code).toBe(2)
      expect(unknown.stderr).toContain(
        'usage: evaluate [--only default|written|tobi-bueck|languages|it-service|bitext]',
      )
    },
  )

  it('uses the committed default model when no model is given', async () => {
    const input = `${JSON.stringify({ subject: 'Where is my parcel?', body: 'My delivery for order 4455667 has not arrived yet.' })}\n`
    const result = await runNpm({ args: ['analyze'], stdin: input })
    expect(result.code).toBe(0)
    const output = JSON.parse(result.stdout) as {
      category: string
      priority: string
      analysis: string
      confidence: number
    }
    expect(output.category).toBe('Orders and delivery')
    expect(output.analysis).toContain('\n- Order number: 4455667\n')
  })
})
