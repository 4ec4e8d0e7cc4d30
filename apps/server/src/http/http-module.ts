import type { FastifyInstance } from 'fastify'
import type { TServerRole } from '../config/config'
import type { TStarted } from '../core/module'
import { buildApp, type TBuildAppOptions, type TRoutePlugin } from './app'
import { closeApp } from './close-app'

// Requests in flight at a stop get this long, inside the 10 s a container runtime gives after SIGTERM.
const STOP_GRACE_MS = 7_000

/** The http role as a module for server.ts: serves every other module's routes and the web app. */
export function createHttpModule(
  options: Omit<TBuildAppOptions, 'routes'> & {
    /** Read when the role starts, once every module is built. */
    routes(): TRoutePlugin[]
  },
) {
  const { config } = options
  let app: FastifyInstance | undefined
  let url: string | undefined
  return {
    async start(roles: ReadonlySet<TServerRole>): Promise<TStarted | undefined> {
      if (!roles.has('http')) return undefined
      const listening = await buildApp({ ...options, routes: options.routes() })
      app = listening
      url = await listening.listen({ port: config.port, host: config.host })
      return { intake: () => closeApp(listening, STOP_GRACE_MS) }
    },
    app: () => app,
    /** The address, e.g. http://127.0.0.1:3000, once started. */
    url: () => url?.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
  }
}
