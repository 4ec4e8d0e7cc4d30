import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import { createMemoryEventBus, type TEventBus } from './event-bus'
import { createPostgresEventBus } from './postgres-event-bus'

export type TOpenEventBusOptions = { databaseUrl: string | undefined; db: TQueryable; log: TLog }

/** PGlite lives in one process, so its events stay in memory; a Postgres server carries them across processes. */
export async function openEventBus(options: TOpenEventBusOptions): Promise<TEventBus> {
  if (!options.databaseUrl) return createMemoryEventBus()
  return createPostgresEventBus({ connectionString: options.databaseUrl, db: options.db, log: options.log })
}
