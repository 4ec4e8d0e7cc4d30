import { z } from 'zod'
import { defineJob } from '../../jobs/job-definition'
import type { TInboundProcessor } from './inbound-processor'

export const ZIngestInboundEmailPayload = z.object({ inboundId: z.string().min(1).max(36) })
export type TIngestInboundEmailPayload = z.infer<typeof ZIngestInboundEmailPayload>

/** What its handler needs from the worker. */
export type TIngestInboundEmailContext = { inboundProcessor: TInboundProcessor }

/** Turns one stored delivery into a ticket, a thread message or a recorded non-ticket outcome. */
export const ingestInboundEmailJob = defineJob<TIngestInboundEmailPayload, TIngestInboundEmailContext>({
  id: 'ingest-inbound-email',
  version: 1,
  payload: ZIngestInboundEmailPayload,
  policy: {
    retryLimit: 4,
    retryDelaySeconds: 2,
    // Parsing a 25 MB message with hundreds of attachments takes seconds; a killed run is retried after this.
    expireInSeconds: 120,
  },
  singletonKey: (payload) => payload.inboundId,
  // A batch is decided in one transaction whose statements do not grow with it (plain new tickets are
  // written together), with one pg-boss fetch and completion; two fetchers keep a Postgres busy while
  // one batch commits. Under load a fetch takes what piled up meanwhile, up to this many.
  throughput: { batchSize: 32, fetchers: 2 },
  handle: async ({ payload, attempt, ctx }) => {
    await ctx.inboundProcessor.processInboundEmail({
      inboundId: payload.inboundId,
      isLastAttempt: attempt.isLast,
    })
  },
  handleBatch: ({ runs, ctx }) =>
    ctx.inboundProcessor.processInboundBatch(
      runs.map((run) => ({ inboundId: run.payload.inboundId, isLastAttempt: run.attempt.isLast })),
    ),
})
