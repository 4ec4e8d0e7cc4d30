import type { THandleJobOptions } from '../../jobs/job-definition'
import type { TIngestInboundEmailPayload } from './ingest-inbound-email.job'

export async function handleIngestInboundEmail(
  options: THandleJobOptions<TIngestInboundEmailPayload>,
): Promise<void> {
  const processor = options.ctx.inboundProcessor
  if (!processor) throw new Error('this worker was started without the inbound mail processor')
  await processor.processInboundEmail({
    inboundId: options.payload.inboundId,
    isLastAttempt: options.attempt.isLast,
  })
}
