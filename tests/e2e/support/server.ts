import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from './paths'

export type TParsedesk = { url: string; stop(): Promise<void> }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

function waitForListening(child: ChildProcess, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString())
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output.join('')}`))
    })
  })
}

/**
 * The real server as `npm start` runs it (http, smtp and worker roles), on a fresh embedded database in a
 * temporary directory, so every test file starts from nothing (the demo form's per-IP limit included).
 */
export async function startParsedesk({
  env = {},
}: {
  env?: Record<string, string>
} = {}): Promise<TParsedesk> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-e2e-'))
  const port = await freePort()
  const smtpPort = await freePort()
  const url = `http://localhost:${port}`
  // As `npm start` runs it: without the NODE_ENV=test that Vitest sets for its own process.
  const { NODE_ENV: _testMode, ...environment } = process.env
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...environment,
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  try {
    await waitForListening(child, output)
  } catch (error) {
    child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timeout)
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
