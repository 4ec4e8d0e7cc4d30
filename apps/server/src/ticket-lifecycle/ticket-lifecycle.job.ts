import { z } from 'zod'
import type { TLog } from '../core/logger'
import { defineJob } from '../jobs/job-definition'
import { sendDueSurveys, type TSurveyDeps } from '../satisfaction/send-surveys'
import { lockClosedTickets } from './lock-closed-tickets'
import { closePendingTickets, remindPendingTickets, type TPendingDeps } from './pending-tickets'

export type TTicketLifecycleDeps = TSurveyDeps & TPendingDeps & { log: TLog }

/** What its handler needs from the worker. */
export type TTicketLifecycleContext = { lifecycle: TTicketLifecycleDeps }

/**
 * Every five minutes, once for the cluster (a pg-boss schedule, decision 038): surveys due are sent,
 * tickets closed long enough locked, pending ones reminded and then closed (decision 057). Each task reads
 * its clock at `now` and is idempotent, so a retry or a late run does each thing once.
 */
export const ticketLifecycleJob = defineJob<Record<string, never>, TTicketLifecycleContext>({
  id: 'ticket-lifecycle',
  version: 1,
  payload: z.object({}).strict(),
  policy: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  singletonKey: () => 'ticket-lifecycle',
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '*/5 * * * *', payload: {} },
  handle: ({ ctx }) => runTicketLifecycle(ctx.lifecycle, new Date()),
})

/** Runs every task at `now`, even after one failed; then fails naming those that did, so it is retried. */
export async function runTicketLifecycle(deps: TTicketLifecycleDeps, now: Date): Promise<void> {
  const tasks: [string, () => Promise<number>][] = [
    // Closing pending tickets first: one closed now is surveyed when its delay has passed, not before.
    ['closing pending tickets', () => closePendingTickets(deps, now)],
    ['reminding pending tickets', () => remindPendingTickets(deps, now)],
    ['locking closed tickets', () => lockClosedTickets(deps, now)],
    ['sending surveys', () => sendDueSurveys(deps, now)],
  ]
  const failed: string[] = []
  for (const [name, task] of tasks) {
    await task().catch((error: unknown) => {
      deps.log(`${name} failed`, error)
      failed.push(name)
    })
  }
  if (failed.length > 0) throw new Error(`ticket lifecycle: ${failed.join(', ')} failed`)
}
