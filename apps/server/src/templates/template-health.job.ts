import { z } from 'zod'
import { defineJob } from '../jobs/job-definition'
import type { TTemplateHealthChecker } from './template-health-check'

/** What its handler needs from the worker. */
export type TTemplateHealthContext = { templateHealth: Pick<TTemplateHealthChecker, 'checkDue'> }

/**
 * Hourly, once per cluster: the enabled templates' health checked again over the mail that came since, so a
 * vendor's changed layout flags its template though no one edited it (a bounded batch, oldest check first).
 */
export const templateHealthJob = defineJob<Record<string, never>, TTemplateHealthContext>({
  id: 'template-health',
  version: 1,
  payload: z.object({}).strict(),
  policy: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  singletonKey: () => 'template-health',
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '23 * * * *', payload: {} },
  handle: ({ ctx }) => ctx.templateHealth.checkDue(),
})
