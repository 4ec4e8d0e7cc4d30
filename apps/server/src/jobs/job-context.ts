import type { TInboundProcessor } from '../mail/ingest/inbound-processor'
import type { TTicketAnalysisService } from '../tickets/ticket-analysis-service'

/** The services job handlers call; built once by the worker role. */
export type TJobContext = {
  ticketAnalysis: TTicketAnalysisService
  /** Absent in harnesses that run only the ticket jobs. */
  inboundProcessor?: TInboundProcessor
}
