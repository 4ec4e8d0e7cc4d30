import { ingestInboundEmailJob } from '../mail/ingest/ingest-inbound-email.job'
import { analyzeTicketJob } from './analyze-ticket.job'
import type { TAnyJobDefinition } from './job-definition'

/** Every kind of job the server runs; a worker works all of them. */
export const JOB_DEFINITIONS: readonly TAnyJobDefinition[] = [analyzeTicketJob, ingestInboundEmailJob]
