import type { TServerRole } from './config/config'
import type { TStarted } from './core/module'
import type { TCollectionDefinition } from './documents/collection'
import type { TRoutePlugin } from './http/app'

/**
 * A domain as the composition root sees it (server.ts): its collections and routes (mounted by the http
 * role), and what it starts for the process's roles. Domains return this shape without importing it.
 */
export type TModule = {
  collections?: readonly TCollectionDefinition[]
  routes?: readonly TRoutePlugin[]
  start?(roles: ReadonlySet<TServerRole>): Promise<TStarted | undefined>
}
