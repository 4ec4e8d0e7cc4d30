import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const HERE = path.dirname(fileURLToPath(import.meta.url))

/** Runs `body` in a fresh Node process with the policy installed; its exit code and JSON log lines. */
function runWithPolicy(body: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-policy-'))
  const script = path.join(dir, 'script.ts')
  fs.writeFileSync(
    script,
    `import { createLogger } from '${path.join(HERE, 'logger.ts')}'
import { installProcessPolicy } from '${path.join(HERE, 'process-policy.ts')}'
const log = createLogger('info')
installProcessPolicy({
  log,
  shutdown: async () => { log.info('shutdown called') },
})
${body}`,
  )
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 })
  fs.rmSync(dir, { recursive: true, force: true })
  const lines = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; level?: number; err?: Record<string, unknown> })
  return { status: run.status, lines }
}

describe('the process policy', () => {
  it('logs a rejection nobody handled and keeps running, without the error’s other properties', () => {
    const { status, lines } = runWithPolicy(`
Promise.reject(Object.assign(new Error('lost work'), { params: ['secret mail text'] }))
setTimeout(() => { console.log(JSON.stringify({ msg: 'still running' })); process.exit(0) }, 200)
`)
    expect(status).toBe(0)
    const logged = lines.find((line) => line.msg.includes('nothing handled it'))
    expect(logged?.err).toMatchObject({ type: 'Error', message: 'lost work' })
    expect(JSON.stringify(logged)).not.toContain('secret mail text')
    expect(lines.at(-1)?.msg).toBe('still running')
  })

  it('logs an exception nobody caught, shuts down in order and exits with 1', () => {
    const { status, lines } = runWithPolicy(`
setTimeout(() => { throw new Error('broken state') }, 10)
setInterval(() => undefined, 1000)
`)
    expect(status).toBe(1)
    // Both lines, whichever the stream delivers first: the orderly shutdown is that it was called at all.
    expect(lines.map((line) => line.msg).sort()).toEqual([
      'an exception was thrown and nothing caught it; shutting down',
      'shutdown called',
    ])
    const logged = lines.find((line) => line.msg.startsWith('an exception was thrown'))
    expect(logged?.err).toMatchObject({ message: 'broken state' })
  })
})
