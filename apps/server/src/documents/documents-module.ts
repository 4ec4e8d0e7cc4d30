import type { TConfig } from '../config/config'
import type { TDatabase } from '../db/database'
import type { TEventBus } from '../realtime/event-bus'
import { realtimeRoutes } from '../realtime/realtime-routes'
import type { TCollectionDefinition } from './collection'
import { documentRoutes } from './document-routes'
import { createDocumentService } from './document-service'
import { createReadBudget } from './read-budget'

/**
 * The generic documents API and its live feed as one module for server.ts, over every other module's
 * collections: REST reads and writes, and the realtime websocket, both behind the collections' permissions.
 */
export function createDocumentsModule(options: {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  collections: ReadonlyMap<string, TCollectionDefinition>
  /** Handed a reader of the open sockets (metrics). */
  countConnections(read: () => number): void
}) {
  const { config, db, bus, collections } = options
  const documents = createDocumentService({
    db,
    bus,
    readBudget: createReadBudget(config.readBudget),
    listStatementTimeoutMs: config.listStatementTimeoutMs,
  })
  return {
    routes: [
      documentRoutes({ documents, collections }),
      realtimeRoutes({
        config,
        db,
        bus,
        mayReadCollection: (collectionId, auth) => collections.get(collectionId)?.canRead(auth) ?? false,
        countConnections: options.countConnections,
      }),
    ],
  }
}
