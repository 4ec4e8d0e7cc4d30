import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ID, Permission, Role } from 'appwrite'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../testing/free-port'
import { signUpUser } from '../testing/sdk-client'
import { waitFor } from './jobs-test-harness'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts')

type TServerProcess = { child: ChildProcess; output: () => string }

/**
 * The real program, as `npm start` runs it, in its own process. Node with tsx's loader rather than
 * `npx tsx`: tsx's CLI runs the program in a grandchild that a SIGKILL to the child would orphan.
 */
async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role=http,worker'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    output += String(chunk)
  })
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`)
      return output.includes('listening') || undefined
    },
    { timeoutMs: 60_000, what: 'the server to listen' },
  )
  return { child, output: () => output }
}

async function stopServerProcess(server: TServerProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = once(server.child, 'exit')
  server.child.kill(signal)
  await exited
}

describe('a worker killed mid-analysis (PGlite, separate processes)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-crash-'))
  let server: TServerProcess | undefined
  afterAll(async () => {
    await stopServerProcess(server, 'SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('leaves the ticket processing, and after a restart the retried run completes it', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const env = { PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir }
    server = await startServerProcess({ ...env, PARSEDESK_TEST_ANALYSIS_DELAY_MS: '60000' })

    const user = await signUpUser(url, 'Crash Tester')
    const tickets = { databaseId: 'main', collectionId: 'tickets' }
    const created = await user.databases.createDocument({
      ...tickets,
      documentId: ID.unique(),
      data: {
        email: user.email,
        subject: 'Our data was deleted',
        body: 'All our files are gone since the update. We need them back urgently.',
        status: 'open',
        userId: user.userId,
        processing_status: 'waiting',
      },
      permissions: [Permission.read(Role.user(user.userId))],
    })
    const read = () => user.databases.getDocument({ ...tickets, documentId: created.$id })
    await waitFor(async () => (await read()).processing_status === 'processing', {
      timeoutMs: 20_000,
      what: 'the ticket to be processing',
    })

    await stopServerProcess(server, 'SIGKILL')
    server = await startServerProcess(env)
    // Nothing finished the killed run: the ticket still says so until the retry runs.
    const afterRestart = await read()
    expect(afterRestart.processing_status).toBe('processing')

    const done = await waitFor(
      async () => {
        const doc = await read()
        return doc.processing_status === 'completed' ? doc : undefined
      },
      { timeoutMs: 45_000, what: 'the retried analysis to complete' },
    )
    expect(done.priority).toBe('high')
    expect(String(done.description).length).toBeGreaterThan(0)
    expect(done.processing_error).toBeNull()
  })
})
