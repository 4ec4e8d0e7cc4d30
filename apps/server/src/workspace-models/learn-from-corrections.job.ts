import { z } from 'zod'
import { defineJob } from '../jobs/job-definition'

export const ZLearnPayload = z.object({ teamId: z.string().min(1).max(36).optional() }).strict()
export type TLearnPayload = z.infer<typeof ZLearnPayload>

/** What its handler needs from the worker: the workspace models' learning (workspace-model-service.ts). */
export type TLearnContext = {
  learning: { trainDue(): Promise<void>; train(teamId: string): Promise<void> }
}

/**
 * Trains workspaces' category and priority models from their members' corrections: both of the workspace a
 * manager asked for, or, every ten minutes once per cluster, each model with enough corrections of its field
 * since its last training.
 */
export const learnFromCorrectionsJob = defineJob<TLearnPayload, TLearnContext>({
  id: 'learn-from-corrections',
  version: 1,
  payload: ZLearnPayload,
  policy: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 10 * 60 },
  // A manager's repeated "Retrain now" is one training; the schedule's scan is one of its own.
  singletonKey: (payload) => payload.teamId ?? 'due',
  throughput: { batchSize: 1, fetchers: 1, pollSeconds: 30 },
  schedule: { cron: '*/10 * * * *', payload: {} },
  handle: ({ payload, ctx }) =>
    payload.teamId ? ctx.learning.train(payload.teamId) : ctx.learning.trainDue(),
})
