import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, type TServerRole } from '../config/config'
import { startServer, type TRunningServer } from '../server'
import { freePort } from './free-port'
import { seedPgliteDataDir } from './pglite-template'
import { createTestDatabase, TEST_DATABASE_URL } from './test-database'

export type TTestServer = TRunningServer & { url: string; stop(): Promise<void> }

export type TStartTestServerOptions = {
  database: 'pglite' | 'postgres'
  roles?: TServerRole[]
  env?: Record<string, string>
  /** The built web app to serve; default: apps/web/dist. */
  webDistDir?: string
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
  return {
    ...server,
    url,
    async stop() {
      await server.close()
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
