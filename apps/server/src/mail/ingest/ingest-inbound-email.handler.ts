import type { TJobContext } from '../../jobs/job-context'
import type { THandleJobBatchOptions, THandleJobOptions } from '../../jobs/job-definition'
import type { TInboundProcessor } from './inbound-processor'
import type { TIngestInboundEmailPayload } from './ingest-inbound-email.job'

function processorOf(ctx: TJobContext): TInboundProcessor {
  if (!ctx.inboundProcessor) throw new Error('this worker was started without the inbound mail processor')
  return ctx.inboundProcessor
}

export async function handleIngestInboundEmail(
  options: THandleJobOptions<TIngestInboundEmailPayload>,
): Promise<void> {
  await processorOf(options.ctx).processInboundEmail({
    inboundId: options.payload.inboundId,
    isLastAttempt: options.attempt.isLast,
  })
}

export function handleIngestInboundEmails(
  options: THandleJobBatchOptions<TIngestInboundEmailPayload>,
): Promise<unknown[]> {
  return processorOf(options.ctx).processInboundBatch(
    options.runs.map((run) => ({ inboundId: run.payload.inboundId, isLastAttempt: run.attempt.isLast })),
  )
}
