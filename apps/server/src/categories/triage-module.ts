import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import { spamRoutes } from '../spam/spam-routes'
import { createSpamService } from '../spam/spam-service'
import type { TTicketService } from '../tickets/ticket-service'
import { workspaceModelRoutes } from '../workspace-models/workspace-model-routes'
import { createWorkspaceModelService } from '../workspace-models/workspace-model-service'
import { categoryRoutes } from './category-routes'
import { createCategoryService } from './category-service'

/**
 * How a workspace shapes triage, as one module for server.ts: its categories, its spam rulings and the
 * category model it learns from its members' corrections (routes).
 */
export function createTriageModule(options: {
  db: TDatabase
  queue: TJobQueue
  tickets: TTicketService
  log: TLog
}) {
  const { db, tickets } = options
  return {
    routes: [
      categoryRoutes({ categories: createCategoryService({ db, tickets }) }),
      spamRoutes({
        spam: createSpamService({ db, tickets, queue: options.queue, log: options.log }),
        tickets: tickets.collection,
      }),
      workspaceModelRoutes({
        models: createWorkspaceModelService({ db, queue: options.queue, log: options.log }),
      }),
    ],
  }
}
