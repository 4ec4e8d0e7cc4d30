import {
  TicketEventActor,
  type TTicketRow,
  type TUntrustedMailReason,
  UntrustedMailReason,
} from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TNewTicket } from '../../tickets/ticket-service'
import { mailboxOfDelivery } from '../inbound/delivery-source'
import { lockPendingInbounds, newInboundId } from '../inbound/inbound-repository'
import { extractThreadKeys, findDmarcFailure } from '../parse'
import {
  findDecidedMessageIds,
  findKnownThreadIds,
  messageKey,
  threadKey,
} from './batch-decisions-repository'
import { buildMailFields } from './build-mail-fields'
import { findThreadTicket } from './find-thread-ticket'
import type { TMailDelivery, TPreparedDelivery } from './prepared-delivery'

/**
 * Why a new ticket's mail did not join the ticket it names (`mentions`, null when it named none), said on
 * the new ticket. With `dmarc-fail`, whom it copied joins nothing either: its From may be forged.
 */
export type TUntrustedMail = { reason: TUntrustedMailReason; mentions: TTicketRow | null }

/**
 * What a mail becomes, decided and not yet written: a new ticket (its fields all there, so whatever
 * shapes a new ticket before it is stored works on this plan), an answer on a ticket's conversation,
 * or a repeat of mail already received. An answer matched by its subject tag alone leaves the ticket's
 * copies as they are (`addsCopies` false): typing a number must not get anyone the team's replies.
 */
export type TMailDecision =
  | { kind: 'new-ticket'; ticket: TNewTicket; untrusted?: TUntrustedMail }
  | { kind: 'thread'; ticket: TTicketRow; matchedBy: string; addsCopies: boolean }
  | { kind: 'duplicate'; of: string }

/**
 * The new ticket a mail opens: its text, its whole message as JSON and its attachments' files, where it
 * came in (so a rule between decide and write may route by mailbox), and its analysis when it has one.
 */
export function planNewTicket(mail: TMailDelivery): Extract<TMailDecision, { kind: 'new-ticket' }> {
  const fields = buildMailFields(mail.parsed, mail.written)
  return {
    kind: 'new-ticket',
    ticket: {
      id: newInboundId(),
      ownerId: mail.inbound.userId,
      teamId: mail.inbound.teamId,
      createdBy: { actorType: TicketEventActor.customer, actorId: null },
      email: mail.sender,
      // The From's display name names the requester's contact, when the sender is that address.
      requesterName: mail.parsed.from?.address === mail.sender ? (mail.parsed.from.name ?? '') : '',
      mailboxId: mailboxOfDelivery(mail.inbound),
      ...fields,
      ...(mail.analysis ? { analysis: mail.analysis } : {}),
    },
  }
}

/**
 * Takes the deciding transaction's locks and returns the deliveries still undecided, in the order given.
 * Two deliveries of one Message-ID decided at once must see each other, so one waits for the other; keys
 * and rows are locked in sorted order, so two batches never hold each other's.
 */
export async function lockUndecided(
  tx: TQueryable,
  deliveries: TPreparedDelivery[],
): Promise<TPreparedDelivery[]> {
  const keys = [
    ...new Set(
      deliveries.flatMap((d) =>
        d.parsed?.messageId ? [messageKey(d.inbound.mailboxId, d.parsed.messageId)] : [],
      ),
    ),
  ].sort()
  if (keys.length > 0) {
    await tx.query('select pg_advisory_xact_lock(hashtext(k)) from unnest($1::text[]) as k', [keys])
  }
  const pending = await lockPendingInbounds(
    tx,
    deliveries.map((d) => d.inbound.id),
  )
  return deliveries.filter((d) => pending.has(d.inbound.id))
}

/**
 * The mail among `deliveries` that can only open a new ticket, in two statements for all of them: no
 * repeated Message-ID (here or already decided), no answer to a known conversation or to another mail
 * of the batch, no ticket tag, no failed DMARC check (its ticket says so). These can be written together;
 * the rest is decided one by one, in order.
 */
export async function findPlainNewTickets(
  tx: TQueryable,
  deliveries: TPreparedDelivery[],
): Promise<Set<TMailDelivery>> {
  const withIds = deliveries.flatMap((d) =>
    d.parsed?.messageId ? [{ mailboxId: d.inbound.mailboxId, messageId: d.parsed.messageId }] : [],
  )
  const mails = deliveries.filter((d): d is TMailDelivery => d.kind === 'mail')
  const answers = mails.map((mail) => {
    const keys = extractThreadKeys(mail.parsed)
    const candidates = [keys.inReplyTo, ...keys.references].filter((id): id is string => !!id)
    return { mail, candidates, isTagged: !!keys.ticketTag }
  })
  const decided = await findDecidedMessageIds(tx, withIds)
  const known = await findKnownThreadIds(
    tx,
    answers.flatMap(({ mail, candidates }) =>
      candidates.map((messageId) => ({ teamId: mail.inbound.teamId, messageId })),
    ),
  )
  const idsInBatch = new Map<string, number>()
  for (const { messageId } of withIds) idsInBatch.set(messageId, (idsInBatch.get(messageId) ?? 0) + 1)
  const plain = new Set<TMailDelivery>()
  for (const { mail, candidates, isTagged } of answers) {
    const messageId = mail.parsed.messageId
    const isRepeat =
      messageId !== null &&
      (decided.has(messageKey(mail.inbound.mailboxId, messageId)) || (idsInBatch.get(messageId) ?? 0) > 1)
    const mayAnswer = candidates.some(
      (id) => known.has(threadKey(mail.inbound.teamId, id)) || idsInBatch.has(id),
    )
    const failsDmarc = findDmarcFailure(mail.parsed.headers) !== null
    if (!isTagged && !isRepeat && !mayAnswer && !failsDmarc) plain.add(mail)
  }
  return plain
}

/**
 * What one mail becomes, read in the deciding transaction after everything before it was written: a
 * duplicate of the first delivery of its Message-ID, an answer on the ticket it threads onto, or a new
 * ticket: also when a stranger's subject tag names a ticket, and whenever the receiving server says the mail
 * failed DMARC (decision 024).
 */
export async function decideMail(tx: TQueryable, mail: TMailDelivery): Promise<TMailDecision> {
  const { inbound, parsed } = mail
  if (parsed.messageId) {
    const decided = await findDecidedMessageIds(tx, [
      { mailboxId: inbound.mailboxId, messageId: parsed.messageId },
    ])
    const earlier = decided.get(messageKey(inbound.mailboxId, parsed.messageId))
    if (earlier) return { kind: 'duplicate', of: earlier }
  }
  const match = await findThreadTicket(tx, {
    teamId: inbound.teamId,
    keys: extractThreadKeys(parsed),
    senderAddress: mail.sender,
  })
  if (findDmarcFailure(parsed.headers))
    return {
      ...planNewTicket(mail),
      untrusted: { reason: UntrustedMailReason.dmarcFail, mentions: match?.ticket ?? null },
    }
  if (match?.kind === 'stranger')
    return {
      ...planNewTicket(mail),
      untrusted: { reason: UntrustedMailReason.stranger, mentions: match.ticket },
    }
  if (match)
    return {
      kind: 'thread',
      ticket: match.ticket,
      matchedBy: match.reason,
      addsCopies: match.by === 'message-id',
    }
  return planNewTicket(mail)
}
