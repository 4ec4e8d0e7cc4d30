import {
  TicketEventType,
  TicketLimits,
  type TMessageRow,
  type TTicketRow,
  UntrustedMailReason,
} from '@parsedesk/contracts'
import {
  addCustomerCopies,
  copiesOfMail,
  insertMessage,
  messagePermissions,
  recordReturnedMail,
} from '../../conversations'
import type { TQueryable, TTransaction } from '../../db/database'
import type { TDeliveryChange, TDeliveryObserver } from '../../outbox/delivery-observer'
import { isLockedTicket, recordFollowUp } from '../../ticket-lifecycle/lock-closed-tickets'
import { AutomationTrigger, type TAutomationSubject } from '../../tickets/ticket-automation'
import { recordTicketEvents, type TNewTicketEvent } from '../../tickets/ticket-events'
import type { TNewTicket, TTicketService } from '../../tickets/ticket-service'
import { addOutcomeCounts, newInboundId, type TOutcomeCounter } from '../inbound/inbound-repository'
import { OUTCOME_COUNTER, type TInboundOutcome } from '../mailboxes/mailbox-repository'
import type { TParsedEmail } from '../parse'
import { rememberThreadIds } from '../threading/thread-ids'
import { automationMailOf } from './automation-mail'
import { recordInboundOutcomes } from './batch-decisions-repository'
import { buildMailFields } from './build-mail-fields'
import { planNewTicket, type TMailDecision, type TUntrustedMail } from './decide-delivery'
import type { TMailDelivery, TNoTicketDelivery, TPreparedDelivery } from './prepared-delivery'
import { insertAttachmentRows } from './store-attachments'

/** What a delivery became once written, for the counters, the announcement and the files' clean-up. */
export type TWrittenDecision = { inboundId: string; mailboxId: string } & (
  | { kind: 'ticket'; ticket: TTicketRow }
  | { kind: 'thread'; ticket: TTicketRow; message: TMessageRow }
  | { kind: 'no-ticket'; status: TInboundOutcome; returned?: TDeliveryChange }
)

const MAX_REASON_DEFECTS = 5

function describeDefects(parsed: TParsedEmail): string | null {
  if (parsed.defects.length === 0) return null
  const shown = parsed.defects.slice(0, MAX_REASON_DEFECTS).join('; ')
  const more =
    parsed.defects.length > MAX_REASON_DEFECTS ? ` (+${parsed.defects.length - MAX_REASON_DEFECTS} more)` : ''
  return `read with defects: ${shown}${more}`
}

/** What the delivery's outcome adds about a mail kept off the ticket it names. */
function describeUntrusted(untrusted: TUntrustedMail): string {
  const named = untrusted.mentions ? `ticket #${untrusted.mentions.number}` : 'a ticket'
  return untrusted.reason === UntrustedMailReason.dmarcFail
    ? `the receiving server says it failed DMARC: it joins no conversation${untrusted.mentions ? ` (it names ${named})` : ''} and copies nobody`
    : `it names ${named} by its subject tag or a customer's Message-ID, but its sender is neither that ticket's requester nor on its copies: a ticket of its own`
}

function counterOf(decision: TWrittenDecision): TOutcomeCounter {
  if (decision.kind === 'ticket') return OUTCOME_COUNTER.ticket
  if (decision.kind === 'thread') return OUTCOME_COUNTER['thread-message']
  return OUTCOME_COUNTER[decision.status]
}

/**
 * Writes decisions in the deciding transaction: the ticket or conversation message, the Message-IDs that
 * thread answers onto it, the attachments' rows, the delivery's outcome and the mailbox's counters. Each
 * kind of row is one statement for any number of new tickets.
 */
export function createDecisionWriter(deps: {
  tickets: TTicketService
  /** Our parsing addresses' domain: a customer's copy to one of them never joins a ticket's copies. */
  inboundDomain: string
  /** Told of a reply that a bounce's report says failed, as the outbox tells it of a relay's refusal. */
  delivery: TDeliveryObserver
}) {
  const { tickets } = deps
  const copiesOf = (ticket: TTicketRow, parsed: TParsedEmail) =>
    copiesOfMail(parsed, { requester: ticket.email, inboundDomain: deps.inboundDomain })
  // Whom the customer copied joins the ticket's copies, so the team's replies reach them too (decision 016).
  const withCustomerCopies = (tx: TTransaction, ticket: TTicketRow, parsed: TParsedEmail) =>
    addCustomerCopies(tx, { ticket, copies: copiesOf(ticket, parsed) })

  /**
   * Whom a new ticket's mail copied, written with the ticket itself (not an update after it) and logged
   * as the customer's `cc` event. A ticket whose mail failed DMARC copies nobody; one that a stranger's
   * subject tag opened keeps its copies (they get this ticket's replies, never the named one's).
   */
  function copiesOfNewTicket(plan: { mail: TMailDelivery; ticket: TNewTicket; untrusted?: TUntrustedMail }) {
    if (plan.untrusted?.reason === UntrustedMailReason.dmarcFail) return []
    return copiesOfMail(plan.mail.parsed, {
      requester: plan.ticket.email,
      inboundDomain: deps.inboundDomain,
    }).slice(0, TicketLimits.cc)
  }

  /** What new tickets' mail adds to their log, for all of them in one statement: copies, and why a mail is untrusted. */
  function newTicketEvents(
    created: { ticket: TTicketRow; mail: TMailDelivery; untrusted?: TUntrustedMail }[],
  ): TNewTicketEvent[] {
    return created.flatMap(({ ticket, mail, untrusted }) => {
      const { teamId, cc } = ticket
      const events: TNewTicketEvent[] = []
      if (cc.length > 0) {
        events.push({
          ticketId: ticket.id,
          teamId,
          actorType: 'customer',
          actorId: null,
          type: TicketEventType.cc,
          before: [],
          after: cc,
        })
      }
      if (untrusted) {
        const failsDmarc = untrusted.reason === UntrustedMailReason.dmarcFail
        const { mentions } = untrusted
        events.push({
          ticketId: ticket.id,
          teamId,
          actorType: 'system',
          actorId: null,
          type: TicketEventType.untrustedMail,
          before: null,
          after: {
            reason: untrusted.reason,
            mentions: mentions && { id: mentions.id, number: mentions.number },
            copiesLeftOut: failsDmarc ? copiesOf(ticket, mail.parsed).slice(0, TicketLimits.cc) : [],
          },
        })
      }
      return events
    })
  }

  async function writeNewTickets(
    tx: TTransaction,
    plans: { mail: TMailDelivery; ticket: TNewTicket; untrusted?: TUntrustedMail }[],
  ): Promise<TWrittenDecision[]> {
    if (plans.length === 0) return []
    // Only a freshly drawn id already taken could fail this: the batch fails and is retried.
    const created = await tickets.insertTickets(
      tx,
      plans.map((plan) => ({ ...plan.ticket, cc: copiesOfNewTicket(plan) })),
    )
    const pairs = plans.map(({ mail, untrusted }, index) => ({
      mail,
      untrusted,
      ticket: created[index] as TTicketRow,
    }))
    await recordTicketEvents(tx, newTicketEvents(pairs))
    await rememberThreadIds(
      tx,
      pairs.map(({ mail, ticket }) => ({
        teamId: mail.inbound.teamId,
        messageId: mail.parsed.messageId,
        ticketId: ticket.id,
      })),
    )
    await insertAttachmentRows(
      tx,
      pairs.map(({ mail, ticket }) => ({
        written: mail.written,
        inboundId: mail.inbound.id,
        teamId: mail.inbound.teamId,
        ticketId: ticket.id,
        threadMessageId: null,
      })),
    )
    await recordInboundOutcomes(
      tx,
      pairs.map(({ mail, ticket, untrusted }) => ({
        inboundId: mail.inbound.id,
        status: 'ticket',
        reason: [
          describeDefects(mail.parsed) ?? mail.parsed.classification.reason,
          ...(untrusted ? [describeUntrusted(untrusted)] : []),
        ].join('; '),
        from: mail.sender,
        subject: mail.parsed.subject,
        messageId: mail.parsed.messageId,
        ticketId: ticket.id,
      })),
    )
    return pairs.map(({ mail, ticket }) => ({
      kind: 'ticket',
      inboundId: mail.inbound.id,
      mailboxId: mail.inbound.mailboxId,
      ticket,
    }))
  }

  async function writeAnswer(
    tx: TTransaction,
    mail: TMailDelivery,
    decision: Extract<TMailDecision, { kind: 'thread' }>,
  ): Promise<TWrittenDecision> {
    const { inbound, parsed } = mail
    const fields = buildMailFields(parsed, mail.written)
    const message = await insertMessage(tx, {
      id: newInboundId(),
      ticketId: decision.ticket.id,
      userId: inbound.userId,
      teamId: inbound.teamId,
      direction: 'inbound',
      from: mail.sender,
      subject: fields.subject,
      body: fields.body,
      bodyHtml: null,
      cc: [],
      attachmentIds: [],
      rawJson: fields.rawJson,
      messageId: parsed.messageId,
      inboundId: inbound.id,
      mailId: null,
      deliveryState: null,
      deliveryError: null,
      sentAt: parsed.date,
      createdAt: new Date().toISOString(),
      permissions: messagePermissions(inbound.teamId),
    })
    const { row: reopenedRow, reopened } = await tickets.reopenOnCustomerMail(tx, decision.ticket, message)
    const ticket = decision.addsCopies ? await withCustomerCopies(tx, reopenedRow, parsed) : reopenedRow
    const copiesKept =
      !decision.addsCopies && copiesOf(ticket, parsed).length > 0 ? ', whom it copied not added' : ''
    await rememberThreadIds(tx, [
      { teamId: inbound.teamId, messageId: parsed.messageId, ticketId: ticket.id },
    ])
    await insertAttachmentRows(tx, [
      {
        written: mail.written,
        inboundId: inbound.id,
        teamId: inbound.teamId,
        ticketId: ticket.id,
        threadMessageId: message.id,
      },
    ])
    await recordInboundOutcomes(tx, [
      {
        inboundId: inbound.id,
        status: 'thread-message',
        reason: `answers ticket ${ticket.id} (${decision.matchedBy})${reopened ? ', reopened it' : ''}${copiesKept}`,
        from: mail.sender,
        subject: parsed.subject,
        messageId: parsed.messageId,
        ticketId: ticket.id,
        threadMessageId: message.id,
      },
    ])
    return { kind: 'thread', inboundId: inbound.id, mailboxId: inbound.mailboxId, ticket, message }
  }

  /** A customer's mail to a locked ticket (decision 057): a new ticket, linked to it both ways. */
  async function writeFollowUp(
    tx: TTransaction,
    mail: TMailDelivery,
    locked: TTicketRow,
  ): Promise<TWrittenDecision> {
    const [written] = await writeNewTickets(tx, [{ mail, ticket: planNewTicket(mail).ticket }])
    if (written?.kind === 'ticket')
      await recordFollowUp(tx, { teamId: locked.teamId, source: locked, target: written.ticket })
    return written as TWrittenDecision
  }

  async function writeDuplicate(tx: TQueryable, mail: TMailDelivery, of: string): Promise<TWrittenDecision> {
    const { inbound, parsed } = mail
    await recordInboundOutcomes(tx, [
      {
        inboundId: inbound.id,
        status: 'duplicate',
        reason: `Message-ID <${parsed.messageId}> was already received as ${of}`,
        from: mail.sender,
        subject: parsed.subject,
        messageId: parsed.messageId,
        duplicateOf: of,
      },
    ])
    return { kind: 'no-ticket', inboundId: inbound.id, mailboxId: inbound.mailboxId, status: 'duplicate' }
  }

  return {
    writeNewTickets,

    /** One mail's decision, written where it stands in the batch so the mail after it sees it. */
    async writeMailDecision(tx: TTransaction, mail: TMailDelivery, decision: TMailDecision) {
      if (decision.kind === 'thread')
        return (await isLockedTicket(tx, decision.ticket.id))
          ? writeFollowUp(tx, mail, decision.ticket)
          : writeAnswer(tx, mail, decision)
      if (decision.kind === 'duplicate') return writeDuplicate(tx, mail, decision.of)
      const [written] = await writeNewTickets(tx, [
        { mail, ticket: decision.ticket, untrusted: decision.untrusted },
      ])
      return written as TWrittenDecision
    },

    /**
     * A delivery that becomes no ticket: what it said of itself, when it could be read, and why. A
     * bounce's report about one of the workspace's replies fails that reply here, in the same transaction.
     */
    async writeNoTicket(tx: TTransaction, delivery: TNoTicketDelivery): Promise<TWrittenDecision> {
      const { inbound, parsed, outcome, report } = delivery
      const returned =
        report &&
        (await recordReturnedMail(tx, {
          teamId: inbound.teamId,
          report,
          returnedMailId: inbound.returned_mail_id,
          delivery: deps.delivery,
        }))
      await recordInboundOutcomes(tx, [
        {
          inboundId: inbound.id,
          status: outcome.status,
          reason: returned ? `${outcome.reason}; ${returned.note}` : outcome.reason,
          from: parsed?.from?.address ?? inbound.envelopeFrom,
          subject: parsed?.subject ?? null,
          messageId: parsed?.messageId ?? null,
        },
      ])
      return {
        kind: 'no-ticket',
        inboundId: inbound.id,
        mailboxId: inbound.mailboxId,
        status: outcome.status,
        ...(returned?.change ? { returned: returned.change } : {}),
      }
    },

    /**
     * Runs automation (rules, routing) on the batch's new tickets and answered tickets, in the deciding
     * transaction, once for the whole batch; the decisions then hold the tickets as automation left them,
     * so what is announced after the commit is what the database holds.
     */
    async automate(
      tx: TTransaction,
      written: TWrittenDecision[],
      deliveries: readonly TPreparedDelivery[],
    ): Promise<TWrittenDecision[]> {
      const mails = new Map<string, TMailDelivery>()
      for (const delivery of deliveries)
        if (delivery.kind === 'mail') mails.set(delivery.inbound.id, delivery)
      const automated = written.flatMap((decision, index) => {
        const mail = mails.get(decision.inboundId)
        if (decision.kind === 'no-ticket' || !mail) return []
        const trigger =
          decision.kind === 'ticket' ? AutomationTrigger.created : AutomationTrigger.customerReply
        const subject: TAutomationSubject = {
          ticket: decision.ticket,
          trigger,
          before: null,
          mail: automationMailOf(mail),
          memberId: null,
        }
        return [{ index, subject }]
      })
      if (automated.length === 0) return written
      const rows = await tickets.automation.run(
        tx,
        automated.map(({ subject }) => subject),
      )
      const result = [...written]
      automated.forEach(({ index }, position) => {
        const decision = result[index]
        const ticket = rows[position]
        if (decision && decision.kind !== 'no-ticket' && ticket) result[index] = { ...decision, ticket }
      })
      return result
    },

    /**
     * Adds the outcomes to their mailboxes' counters, one update per mailbox. The mailbox row is every
     * delivery's hot spot (SMTP intake counts `received` on it too), so this comes last, just before commit,
     * and in mailbox order so two batches never wait on each other in a cycle.
     */
    async countOutcomes(tx: TQueryable, written: TWrittenDecision[]): Promise<void> {
      const counts = new Map<string, Map<TOutcomeCounter, number>>()
      for (const decision of written) {
        const mailboxCounts = counts.get(decision.mailboxId) ?? new Map<TOutcomeCounter, number>()
        const counter = counterOf(decision)
        counts.set(decision.mailboxId, mailboxCounts.set(counter, (mailboxCounts.get(counter) ?? 0) + 1))
      }
      for (const mailboxId of [...counts.keys()].sort()) {
        await addOutcomeCounts(tx, { mailboxId, counts: counts.get(mailboxId) ?? new Map() })
      }
    },
  }
}

export type TDecisionWriter = ReturnType<typeof createDecisionWriter>
