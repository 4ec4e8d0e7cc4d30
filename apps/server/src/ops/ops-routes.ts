import Fastify, { type FastifyInstance } from 'fastify'
import type { TReadinessProbe } from './health'
import type { TMetrics } from './metrics'

/**
 * GET /health/live (the process answers: 200) and GET /health/ready (200 when every check passes, 503
 * naming the failing ones), for a load balancer, an orchestrator or a container's HEALTHCHECK.
 */
export const healthRoutes = (readiness: TReadinessProbe) => (app: FastifyInstance) => {
  app.get('/health/live', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  )
  app.get('/health/ready', async (_request, reply) => {
    const state = await readiness.read()
    return reply
      .code(state.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state)
  })
}

/**
 * The public port has no /metrics: they tell how busy the service is and how mail flows, so they are
 * served on METRICS_PORT alone, which the firewall keeps internal. A scraper pointed here is told so.
 */
export const metricsNotHere = (app: FastifyInstance) => {
  app.get('/metrics', async (_request, reply) =>
    reply.code(404).type('text/plain').send('Metrics are served on METRICS_PORT, not on the public port.\n'),
  )
}

/** The internal listener on METRICS_PORT: /metrics, and the health routes for roles without http. */
export async function startOpsServer(options: {
  host: string
  port: number
  metrics: TMetrics
  readiness: TReadinessProbe
}): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false })
  healthRoutes(options.readiness)(app)
  app.get('/metrics', async (_request, reply) =>
    reply.type(options.metrics.contentType).send(await options.metrics.render()),
  )
  const url = await app.listen({ port: options.port, host: options.host })
  return { url, close: () => app.close() }
}
