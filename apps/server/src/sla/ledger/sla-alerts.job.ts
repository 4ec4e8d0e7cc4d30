import { z } from 'zod'
import type { TDatabase } from '../../db/database'
import { defineJob } from '../../jobs/job-definition'
import { reconcileTicketSla } from './sla-ledger'

/** What the job needs from the worker: the notifications' database and their announcing. */
export type TSlaAlertsContext = {
  notifications: { db: TDatabase; announceWaiting(): Promise<number> }
}

/** Tickets looked at per transaction, and transactions per run: a backlog drains over a few minutes. */
export const SlaAlertLimits = { ticketsPerBatch: 200, batchesPerRun: 10 } as const

/**
 * The clocks at 75% of their target not yet told, and those past it not yet breached, by their partial
 * indexes (migration 053), oldest first; each one's ticket is derived again at `now` (the stored times
 * may be stale after a policy's change) and what changed is written, as a ticket event would. Returns
 * how many tickets were looked at.
 */
export async function runSlaAlerts(db: TDatabase, now: Date): Promise<number> {
  let looked = 0
  for (let batch = 0; batch < SlaAlertLimits.batchesPerRun; batch++) {
    const count = await db.transaction(async (tx) => {
      const due = async (unset: 'warnedAt' | 'breachedAt', at: 'warnAt' | 'dueAt') =>
        (
          await tx.query<{ ticketId: string }>(
            `select "ticketId" from sla_clocks where "state" = 'active' and "${unset}" is null and "${at}" <= $1
             order by "${at}" limit $2 for update skip locked`,
            [now, SlaAlertLimits.ticketsPerBatch],
          )
        ).rows
      const rows = [...(await due('warnedAt', 'warnAt')), ...(await due('breachedAt', 'dueAt'))]
      const ids = [...new Set(rows.map((row) => row.ticketId))]
      if (ids.length > 0) await reconcileTicketSla(tx, ids, now.getTime())
      return ids.length
    })
    looked += count
    if (count < SlaAlertLimits.ticketsPerBatch) break
  }
  return looked
}

/**
 * Every minute, once for the cluster (a pg-boss schedule, decision 038): tickets at 75% of an SLA target
 * and those past it are told to their assignee and group, and each breach is written to the ledger once
 * (decision 063).
 */
export const slaAlertsJob = defineJob<Record<string, never>, TSlaAlertsContext>({
  id: 'sla-alerts',
  version: 1,
  payload: z.object({}).strict(),
  policy: { retryLimit: 0, retryDelaySeconds: 30, expireInSeconds: 5 * 60 },
  singletonKey: () => 'sla-alerts',
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  async handle({ ctx }) {
    await runSlaAlerts(ctx.notifications.db, new Date())
    await ctx.notifications.announceWaiting()
  },
})
