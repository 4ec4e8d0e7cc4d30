import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, type TServerRole } from '../config/config'
import { startServer, type TRunningServer } from '../server'
import { BURST_INTAKE_ENV } from './burst-intake-env'
import { freePort } from './free-port'
import { IMMEDIATE_REPLIES_ENV } from './immediate-replies-env'
import { seedPgliteDataDir } from './pglite-template'
import { createTestDatabase, TEST_DATABASE_URL } from './test-database'
import { THROWAWAY_DATABASE_ENV } from './throwaway-database-env'

export type TTestServer = TRunningServer & { url: string; stop(): Promise<void> }

export type TStartTestServerOptions = {
  database: 'pglite' | 'postgres'
  roles?: TServerRole[]
  env?: Record<string, string>
  /** The built web app to serve; default: apps/web/dist. */
  webDistDir?: string
}

// The servers this test process runs, by URL: kits that take only a URL (verifyEmail) reach their database.
const running = new Map<string, TTestServer>()

/** The in-process test server at `url`; fails when there is none (a server in its own process). */
export function testServerAt(url: string): TTestServer {
  const server = running.get(url)
  if (!server) throw new Error(`no test server of this process runs at ${url}`)
  return server
}

/** A real server on a random port, on a fresh PGlite directory or a fresh Postgres database. */
export async function startTestServer(options: TStartTestServerOptions): Promise<TTestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-test-'))
  const database =
    options.database === 'postgres' && TEST_DATABASE_URL
      ? await createTestDatabase(TEST_DATABASE_URL)
      : undefined
  if (!database) await seedPgliteDataDir(dataDir)
  const port = await freePort()
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SMTP_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...BURST_INTAKE_ENV,
    ...IMMEDIATE_REPLIES_ENV,
    ...THROWAWAY_DATABASE_ENV,
    // Many per run: PGlite on the test's own thread starts ~1.5 s sooner (decision 034). Real starts
    // (server-process.ts) run it on its own thread, as production does.
    DATABASE_THREAD: 'main',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  })
  const server = await startServer({
    config,
    roles: new Set(options.roles ?? ['http', 'worker']),
    webDistDir: options.webDistDir,
  })
  if (!server.url) throw new Error('the test server needs the http role')
  const url = server.url
  const started: TTestServer = {
    ...server,
    url,
    async stop() {
      running.delete(url)
      await server.close()
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  running.set(url, started)
  return started
}
