import type { FastifyInstance } from 'fastify'

// How often, while the app closes, connections that went idle since are closed.
const IDLE_SWEEP_MS = 100

/**
 * Stops taking requests and lets those in flight finish, for at most `graceMs`, then closes what is left.
 * Fastify closes the connections that are idle when the close begins; a keep-alive connection whose last
 * response was still finishing (a file stream's end not yet processed, just after the client read its last
 * byte) became idle a moment later and kept the close waiting for its keep-alive timeout, 72 s: every
 * restart after a download. So the idle ones are closed as they come, until the close is done.
 */
export async function closeApp(app: FastifyInstance, graceMs: number): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS)
  const force = setTimeout(() => app.server.closeAllConnections(), graceMs)
  try {
    await app.close()
  } finally {
    clearInterval(sweep)
    clearTimeout(force)
  }
}
