import type { TAnyJobDefinition } from './jobs/job-definition'
import { ingestInboundEmailJob } from './mail/ingest/ingest-inbound-email.job'
import { maintenanceJob } from './maintenance/maintenance.job'
import { sendOutboundMailJob } from './outbox/send-outbound-mail.job'
import { analyzeTicketJob } from './tickets/analyze-ticket.job'

/** Every kind of job the server runs; a worker works all of them. */
export const JOB_DEFINITIONS: readonly TAnyJobDefinition[] = [
  analyzeTicketJob,
  ingestInboundEmailJob,
  maintenanceJob,
  sendOutboundMailJob,
]
