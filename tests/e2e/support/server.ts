import { startServerProcess } from '../../../apps/server/src/testing/server-process'

export type TParsedesk = { url: string; stop(): Promise<void> }

/**
 * The real server as `npm start` runs it (http, smtp and worker roles), on a fresh embedded database in a
 * temporary directory, so every test file starts from nothing (the demo form's per-IP limit included).
 */
export async function startParsedesk({
  env = {},
}: {
  env?: Record<string, string>
} = {}): Promise<TParsedesk> {
  const server = await startServerProcess({ database: 'pglite', publicHost: 'localhost', env })
  return { url: server.url, stop: () => server.stop() }
}
