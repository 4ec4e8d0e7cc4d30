import type { TTicketPriority } from '@parsedesk/contracts'
import { prepareTicket } from '../analysis/local-analyser'
import { assessPriority } from '../analysis/priority/priority-rules'

/** The priority the shipped rules give a ticket's text today, as the local analysis would (decision 061). */
export function rulesPriorityOf(ticket: { subject: string; body: string }): TTicketPriority {
  const { subject, body, language } = prepareTicket({ subject: ticket.subject, body: ticket.body })
  return assessPriority({ subject, body, language: language.code }).priority
}
