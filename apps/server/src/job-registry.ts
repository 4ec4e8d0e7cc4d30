import type { TAnyJobDefinition } from './jobs/job-definition'
import { maintenanceJob } from './maintenance/maintenance.job'
import { unassignedTicketsJob } from './notifications/unassigned-tickets.job'
import { sendOutboundMailJob } from './outbox/send-outbound-mail.job'
import { scheduledRulesJob } from './rules/scheduled-rules.job'
import { ruleWebhookJob } from './rules/webhooks/rule-webhook.job'
import { slaAlertsJob } from './sla/ledger/sla-alerts.job'
import { templateHealthJob } from './templates/template-health.job'
import { ticketLifecycleJob } from './ticket-lifecycle/ticket-lifecycle.job'
import { analyzeTicketJob } from './tickets/analyze-ticket.job'
import { learnFromCorrectionsJob } from './workspace-models/learn-from-corrections.job'

/**
 * Every kind of job the server runs; a worker works all of them. Mail waiting to be ingested is not a job:
 * the inbound store is its queue (decision 041).
 */
export const JOB_DEFINITIONS: readonly TAnyJobDefinition[] = [
  analyzeTicketJob,
  learnFromCorrectionsJob,
  maintenanceJob,
  ruleWebhookJob,
  scheduledRulesJob,
  sendOutboundMailJob,
  slaAlertsJob,
  templateHealthJob,
  ticketLifecycleJob,
  unassignedTicketsJob,
]
