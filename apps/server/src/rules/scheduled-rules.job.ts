import { z } from 'zod'
import { defineJob } from '../jobs/job-definition'
import { runScheduledRules, type TScheduledRulesDeps } from './scheduled-rules'

/** What its handler needs from the worker. */
export type TScheduledRulesContext = { rules: TScheduledRulesDeps }

/**
 * Every minute, once for the cluster (a pg-boss schedule, decision 038): scheduled rules fire on the open
 * tickets they match, once per ticket per rule (decision 051).
 */
export const scheduledRulesJob = defineJob<Record<string, never>, TScheduledRulesContext>({
  id: 'scheduled-rules',
  version: 1,
  payload: z.object({}).strict(),
  policy: { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 5 * 60 },
  singletonKey: () => 'scheduled-rules',
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handle: async ({ ctx }) => {
    await runScheduledRules(ctx.rules, new Date())
  },
})
