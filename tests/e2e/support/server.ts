import { startServerProcess } from '../../../apps/server/src/testing/server-process'

export type TParsedesk = {
  url: string
  smtpPort: number
  /** What the process wrote so far (its last 50,000 characters). */
  output(): string
  stop(): Promise<void>
}

/**
 * The real server as `npm start` runs it (http, smtp and worker roles), on a fresh embedded database in a
 * temporary directory. One runs per Playwright worker, shared by the tests of that worker, so a test keeps
 * to its own: its own person, and its own client address. TRUST_PROXY lets each test name that address in
 * X-Forwarded-For (the `clientIp` fixture), so the per-address limits (sign-ups, demo requests) count each
 * test apart, as if every test came from another machine.
 */
export async function startParsedesk({
  env = {},
  roles,
}: {
  env?: Record<string, string>
  roles?: string
} = {}): Promise<TParsedesk> {
  const server = await startServerProcess({
    database: 'pglite',
    roles,
    publicHost: 'localhost',
    env: { TRUST_PROXY: 'true', ...env },
  })
  return { url: server.url, smtpPort: server.smtpPort, output: server.output, stop: () => server.stop() }
}
