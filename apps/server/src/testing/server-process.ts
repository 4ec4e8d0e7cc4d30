import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ANALYSIS_DELAY_ENV } from './analysis-delay-env'
import { BURST_INTAKE_ENV } from './burst-intake-env'
import { freePort } from './free-port'
import { IMMEDIATE_REPLIES_ENV } from './immediate-replies-env'
import { seedPgliteDataDir } from './pglite-template'
import { createTestDatabase, TEST_DATABASE_URL } from './test-database'
import { THROWAWAY_DATABASE_ENV } from './throwaway-database-env'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts')
const ANALYSIS_DELAY_MAIN = path.join(REPO_ROOT, 'apps/server/src/testing/analysis-delay-main.ts')
const OUTPUT_KEPT = 50_000

export type TStartServerProcessOptions = {
  database: 'pglite' | 'postgres'
  /** A Postgres database several processes share; the helper then neither creates nor drops one. */
  databaseUrl?: string
  /** Default: all three, as `npm start` runs them. */
  roles?: string
  /** The name in the server's public URL (a browser test may want `localhost`); it listens on 127.0.0.1. */
  publicHost?: string
  /** With `ANALYSIS_DELAY_ENV` among them, every ticket analysis waits that long (analysis-delay-main.ts). */
  env?: Record<string, string>
  /** A built main.js to run with plain node instead of the sources (another version of the server). */
  built?: string
}

export type TServerProcess = {
  url: string
  smtpPort: number
  dataDir: string
  /** What the process wrote to stdout and stderr, its last 50,000 characters across restarts. */
  output(): string
  isRunning(): boolean
  /** The running process's id, for a tracer to attach to. */
  pid(): number | undefined
  /** Sends `signal` and waits for the exit (its code; null when the signal ended it); SIGKILL is a crash, SIGTERM an orderly stop. */
  kill(signal: NodeJS.Signals): Promise<number | null>
  /** Starts the process again on the same ports, data and database (after a kill), `env` added. */
  restart(env?: Record<string, string>): Promise<void>
  /** Stops the process and removes its data and database. */
  stop(): Promise<void>
}

/**
 * The real server as `npm start` runs it, in a process of its own, on a fresh PGlite directory or
 * Postgres database: for tests in which the process itself may die, be killed or restarted.
 */
export async function startServerProcess(options: TStartServerProcessOptions): Promise<TServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-process-'))
  const database =
    options.database === 'postgres' && TEST_DATABASE_URL && !options.databaseUrl
      ? await createTestDatabase(TEST_DATABASE_URL)
      : undefined
  const databaseUrl = options.databaseUrl ?? database?.url
  if (!databaseUrl) await seedPgliteDataDir(dataDir)
  const [port, smtpPort] = [await freePort(), await freePort()]
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`
  // As `npm start` runs it: without the NODE_ENV=test that Vitest sets for its own process.
  const { NODE_ENV: _testMode, ...inherited } = process.env
  const env = {
    ...inherited,
    HOST: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    SMTP_PORT: String(smtpPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...BURST_INTAKE_ENV,
    ...IMMEDIATE_REPLIES_ENV,
    ...THROWAWAY_DATABASE_ENV,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  }
  let output = ''
  let child: ChildProcess | undefined

  const isRunning = () => !!child && child.exitCode === null && child.signalCode === null
  const start = async (extraEnv: Record<string, string> = {}) => {
    // `node --import tsx` rather than `npx tsx`: tsx's CLI runs the program in a grandchild a kill would orphan.
    const main = ANALYSIS_DELAY_ENV in env ? ANALYSIS_DELAY_MAIN : MAIN
    const program = options.built ? [options.built] : ['--import', 'tsx', main]
    const started = spawn(process.execPath, [...program, `--role=${options.roles ?? 'http,smtp,worker'}`], {
      cwd: REPO_ROOT,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = started
    let sinceStart = ''
    const collect = (chunk: Buffer) => {
      output = (output + String(chunk)).slice(-OUTPUT_KEPT)
      if (sinceStart.length < OUTPUT_KEPT) sinceStart += String(chunk)
    }
    started.stdout?.on('data', collect)
    started.stderr?.on('data', collect)
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer)
        started.stdout?.off('data', onData)
        started.off('exit', onExit)
        if (error) reject(error)
        else resolve()
      }
      const onData = () => sinceStart.includes('listening') && settle()
      const onExit = () => settle(new Error(`the server exited while starting:\n${sinceStart}`))
      const timer = setTimeout(
        () => settle(new Error(`the server did not start in 60 s:\n${sinceStart}`)),
        60_000,
      )
      started.stdout?.on('data', onData)
      started.once('exit', onExit)
    })
  }
  const kill = async (signal: NodeJS.Signals): Promise<number | null> => {
    if (!child || !isRunning()) return child?.exitCode ?? null
    const exited = once(child, 'exit')
    child.kill(signal)
    const [code] = (await exited) as [number | null]
    return code
  }

  try {
    await start()
  } catch (error) {
    await kill('SIGKILL')
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    smtpPort,
    dataDir,
    output: () => output,
    isRunning,
    pid: () => (isRunning() ? child?.pid : undefined),
    kill,
    async restart(extraEnv) {
      output = `${output}\n--- restarted ---\n`.slice(-OUTPUT_KEPT)
      await start(extraEnv)
    },
    async stop() {
      await kill('SIGTERM')
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
