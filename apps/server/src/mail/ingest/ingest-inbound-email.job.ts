import { z } from 'zod'
import { defineJob, importOnce } from '../../jobs/job-definition'

export const ZIngestInboundEmailPayload = z.object({ inboundId: z.string().min(1).max(36) })
export type TIngestInboundEmailPayload = z.infer<typeof ZIngestInboundEmailPayload>

const handlers = importOnce(() => import('./ingest-inbound-email.handler'))

/** Turns one stored delivery into a ticket, a thread message or a recorded non-ticket outcome. */
export const ingestInboundEmailJob = defineJob<TIngestInboundEmailPayload>({
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
  handle: async (options) => (await handlers()).handleIngestInboundEmail(options),
  handleBatch: async (options) => (await handlers()).handleIngestInboundEmails(options),
})
