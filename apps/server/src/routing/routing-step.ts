import { TicketStatus, type TTicketRow } from '@parsedesk/contracts'
import type { TTransaction } from '../db/database'
import {
  AutomationStepOrder,
  AutomationTrigger,
  type TAutomationStep,
  type TAutomationSubject,
} from '../tickets/ticket-automation'
import { drainQueuesOf, routeTickets } from './route-tickets'

/** A member's change routes only what it made routable: a new group, or a closed ticket reopened. */
function routesAfter(subject: TAutomationSubject): boolean {
  const { ticket, before, trigger } = subject
  if (trigger !== AutomationTrigger.memberChange || !before) return true
  return before.groupId !== ticket.groupId || wasReopened(subject)
}

const wasReopened = ({ ticket, before }: TAutomationSubject) =>
  before?.status === TicketStatus.closed && ticket.status !== TicketStatus.closed

/** The agent a member's change freed: their ticket closed, or handed to someone else. */
function freedAgent({ ticket, before }: TAutomationSubject): string | null {
  if (!before?.assigneeId) return null
  const closed = before.status !== TicketStatus.closed && ticket.status === TicketStatus.closed
  return closed || ticket.assigneeId !== before.assigneeId ? before.assigneeId : null
}

/**
 * Routing as the tickets' automation step, after the rules (which may set a group): routes the batch's
 * tickets that are in a group with a strategy and have nobody, and serves the queues of an agent a
 * member's change freed. Tickets it assigns from a queue are announced by the queue's next change.
 */
export function createRoutingStep(): TAutomationStep {
  return {
    name: 'routing',
    order: AutomationStepOrder.routing,
    async run(tx: TTransaction, subjects: readonly TAutomationSubject[]): Promise<TTicketRow[]> {
      const reopened = new Set(subjects.filter(wasReopened).map((subject) => subject.ticket.id))
      const routable = subjects.map((subject) => (routesAfter(subject) ? subject.ticket : null))
      const created = subjects.filter((subject) => subject.trigger === AutomationTrigger.created)
      const routed = await routeTickets(
        tx,
        routable.filter((ticket) => ticket !== null),
        reopened,
        new Set(created.map((subject) => subject.ticket.id)),
      )
      const byId = new Map(routed.map((row) => [row.id, row]))
      for (const subject of subjects) {
        const agent = freedAgent(subject)
        if (agent) await drainQueuesOf(tx, subject.ticket.teamId, agent)
      }
      return subjects.map((subject) => byId.get(subject.ticket.id) ?? subject.ticket)
    },
  }
}
