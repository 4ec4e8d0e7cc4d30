import type { FastifyInstance } from 'fastify'
import { createAccountService } from './accounts/account-service'
import type { TConfig, TServerRole } from './config/config'
import type { TDatabase } from './db/database'
import { openDatabase } from './db/open-database'
import type { TCollectionDefinition } from './documents/collection'
import { createDocumentService } from './documents/document-service'
import { buildApp, type TRoutePlugin } from './http/app'
import type { TAppContext } from './http/app-context'
import { createMemoryEventBus, type TEventBus } from './realtime/event-bus'
import { createTicketsCollection } from './tickets/tickets-collection'
import { createWaitlistCollection } from './waitlist/waitlist-collection'

export type TStartServerOptions = { config: TConfig; roles: Set<TServerRole>; webDistDir?: string }

export type TRunningServer = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  app: FastifyInstance | undefined
  /** The http role's address, e.g. http://127.0.0.1:3000 (undefined without the http role). */
  url: string | undefined
  close(): Promise<void>
}

/** Starts the roles asked for against one database; `npm start` runs them all in one process. */
export async function startServer(options: TStartServerOptions): Promise<TRunningServer> {
  const { config, roles } = options
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const bus = createMemoryEventBus()
  const closers: (() => Promise<void>)[] = [() => bus.close(), () => db.close()]

  const tickets = createTicketsCollection({ onCreated: async () => undefined })
  const collections = new Map<string, TCollectionDefinition>(
    [tickets, createWaitlistCollection()].map((def) => [def.id, def]),
  )
  const ctx: TAppContext = {
    config,
    db,
    bus,
    accounts: createAccountService({ db, sessionIdleMs: config.sessionIdleMs }),
    documents: createDocumentService({ db, bus }),
    collections,
  }

  let app: FastifyInstance | undefined
  let url: string | undefined
  if (roles.has('http')) {
    const plugins: TRoutePlugin[] = []
    app = await buildApp({ ctx, plugins, webDistDir: options.webDistDir })
    url = await app.listen({ port: config.port, host: config.host })
    const listening = app
    closers.unshift(() => listening.close())
  }

  return {
    config,
    db,
    bus,
    app,
    url: url?.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
    async close() {
      for (const close of closers) await close()
    },
  }
}
