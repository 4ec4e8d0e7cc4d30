import type { TDatabase } from '../db/database'
import { reportRoutes } from './report-routes'

/** Reports as one module for server.ts (decisions 040 and 064): routes only, reading live. */
export function createReportsModule(deps: { db: TDatabase }) {
  return { routes: [reportRoutes(deps)] }
}
