import type { TTicketRow } from '@parsedesk/contracts'
import type { TTransaction } from '../db/database'
import { deferDerivations, flushTicketChanges } from './ticket-events'

/** What started an automation run: a ticket filed, a customer's answer on it, or a member's change. */
export const AutomationTrigger = {
  created: 'created',
  customerReply: 'customer-reply',
  memberChange: 'member-change',
} as const
export type TAutomationTrigger = (typeof AutomationTrigger)[keyof typeof AutomationTrigger]

/**
 * The customer's mail that started a run, as automation reads it (built by ingest from the parsed mail).
 * Headers are keyed in lower case; `automatic` says the mail itself is automatic (Auto-Submitted other
 * than `no`, Precedence bulk/list/junk, List-Id, a noreply sender), which an auto-reply never answers.
 */
export type TAutomationMail = {
  messageId: string | null
  subject: string
  body: string
  from: string
  recipients: string[]
  headers: Record<string, string>
  attachmentNames: string[]
  channel: 'email' | 'form' | 'api'
  automatic: boolean
  /** The receiving server said the From failed DMARC: it may be forged. */
  dmarcFailed: boolean
}

/** One ticket a run looks at: as it is now, as it was before a change (member changes only), and why. */
export type TAutomationSubject = {
  ticket: TTicketRow
  trigger: TAutomationTrigger
  before: TTicketRow | null
  mail: TAutomationMail | null
  /** The member whose change started the run; null for mail. */
  memberId: string | null
}

/**
 * One step of automation, run on a whole batch in the caller's transaction. It returns the tickets as it
 * left them, in the order given (the same rows when it changed nothing), so the next step and the caller's
 * announcement see its changes.
 */
export type TAutomationStep = {
  name: string
  /** Steps run in ascending order (`AutomationStepOrder`), whatever order they were registered in. */
  order: number
  run(tx: TTransaction, subjects: readonly TAutomationSubject[]): Promise<TTicketRow[]>
}

/**
 * Where each step stands: templates first (rules read what they extract), then rules (they may set a
 * group), then routing (it assigns within the group).
 */
export const AutomationStepOrder = { extraction: 50, rules: 100, routing: 200 } as const

/**
 * Hands tickets to routing (the rules' "route" action): `routing/index.ts`'s `routeTickets`, passed in by
 * the composition root so rules never import routing. It returns the tickets as routed, in the order given.
 */
export type TRouteTickets = (tx: TTransaction, tickets: readonly TTicketRow[]) => Promise<TTicketRow[]>

/**
 * The ordered steps that run after tickets are written: by ingest's write stage (new tickets and customer
 * answers, the whole batch in its transaction) and by the ticket service (a member's change). Domains
 * register their steps at composition (server.ts); the tickets folder knows none of them.
 */
export function createTicketAutomation() {
  const steps: TAutomationStep[] = []
  return {
    register(step: TAutomationStep): void {
      steps.push(step)
      steps.sort((a, b) => a.order - b.order)
    },

    /** Runs every step on `subjects`; returns the tickets as the last step left them, in the same order. */
    async run(tx: TTransaction, subjects: readonly TAutomationSubject[]): Promise<TTicketRow[]> {
      return deferDerivations(tx, async () => {
        let current = [...subjects]
        for (const step of steps) {
          if (current.length === 0) break
          const rows = await step.run(tx, current)
          current = current.map((subject, index) => ({ ...subject, ticket: rows[index] ?? subject.ticket }))
        }
        // The steps' changes, one update per ticket; the rows as written are what the caller announces.
        const written = await flushTicketChanges(tx)
        return current.map((subject) => written.get(subject.ticket.id) ?? subject.ticket)
      })
    },
  }
}
export type TTicketAutomation = ReturnType<typeof createTicketAutomation>
