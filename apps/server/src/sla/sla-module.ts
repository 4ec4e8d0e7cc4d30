import type { TDatabase } from '../db/database'
import type { TEventBus } from '../realtime/event-bus'
import { createBusinessHoursCollection } from './business-hours/business-hours-collection'
import { createSlaPoliciesCollection } from './policies/sla-policies-collection'
import { slaRoutes } from './sla-routes'

/** Business hours and SLA policies as one module for server.ts (decisions 040 and 054). */
export function createSlaModule(deps: { db: TDatabase; bus: TEventBus }) {
  return {
    collections: [createBusinessHoursCollection(deps), createSlaPoliciesCollection(deps)],
    routes: [slaRoutes({ db: deps.db })],
  }
}
