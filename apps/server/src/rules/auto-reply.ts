import { randomUUID } from 'node:crypto'
import {
  AUTOMATIC_SENDER_PATTERN,
  AutoReplySkipped,
  CategoryKey,
  OutboundMailKind,
  RuleActionDone,
  RuleLimits,
  type TTicketRow,
} from '@parsedesk/contracts'
import { replyVoice } from '../conversations/reply-voice'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import type { TOutbox } from '../outbox/outbox-service'
import { sendOutboundMailJob } from '../outbox/send-outbound-mail.job'
import { hasVerifiedOwner } from '../teams/team-repository'
import type { TAutomationMail } from '../tickets/ticket-automation'
import { latestRequesterMail } from './requester-mail'

export type TAutoReplyDeps = {
  outbox: Pick<TOutbox, 'queueMail' | 'admitRecipients'>
  queue: Pick<TJobQueue, 'enqueueIn'>
}

export type TAutoReplyAction = { subject: string; body: string; ruleId: string }

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g

/** The reply's placeholders filled; one without a value is left out rather than sent as `{{...}}`. */
function fill(text: string, ticket: TTicketRow, requesterName: string | null, to: string): string {
  const name = requesterName?.trim() ?? ''
  const values: Record<string, string> = {
    'ticket.number': `#${ticket.number}`,
    'ticket.subject': ticket.subject,
    'requester.name': name,
    'requester.firstName': name.split(/\s+/)[0] ?? '',
    'requester.email': to,
  }
  return text
    .replace(PLACEHOLDER, (_written, key: string) => values[key] ?? '')
    .replace(/##(\d)/g, '#$1')
    .replace(/ +([,.!?])/g, '$1')
}

/** The subject answers carry back: the rule's (or "Re: " and the ticket's) with the ticket's tag. */
function subjectOf(action: TAutoReplyAction, ticket: TTicketRow, requesterName: string | null, to: string) {
  const written = action.subject.trim()
    ? fill(action.subject, ticket, requesterName, to)
    : `Re: ${ticket.subject}`
  const tagged = written.includes(`[#${ticket.number}]`) ? written : `${written} [#${ticket.number}]`
  return tagged.replace(/[\r\n]+/g, ' ').slice(0, 200)
}

/** In-Reply-To and References naming the customer's mail, when its Message-ID is one a header can carry. */
function threading(messageId: string | null): { inReplyTo?: string; references?: string[] } {
  const bare = messageId?.replace(/^<|>$/g, '') ?? ''
  if (!/^[^\s<>]{1,900}@[^\s<>]{1,90}$/.test(bare)) return {}
  return { inReplyTo: `<${bare}>`, references: [`<${bare}>`] }
}

/** Why this mail gets no automatic answer, or null when it may get one. */
function refusal(ticket: TTicketRow, mail: TAutomationMail | null): string | null {
  if (mail?.channel !== 'email' || !ticket.email) return AutoReplySkipped.noMail
  if (mail.automatic || AUTOMATIC_SENDER_PATTERN.test(ticket.email)) return AutoReplySkipped.automatic
  if (mail.dmarcFailed) return AutoReplySkipped.dmarc
  if (ticket.category === CategoryKey.spam) return AutoReplySkipped.spam
  return null
}

/**
 * The requester's hourly claim on an automatic reply (`auto_replies`): claimed, or null when they had one
 * within the hour. What it held before comes back, so a reply the limits then refuse gives the claim back.
 */
async function claimHourly(
  tx: TQueryable,
  teamId: string,
  to: string,
): Promise<{ release(): Promise<void> } | null> {
  const { rows } = await tx.query<{ previousAt: Date | null }>(
    `with previous as (select "sentAt" from auto_replies where "teamId" = $1 and "address" = $2)
     insert into auto_replies ("teamId", "address", "sentAt") values ($1, $2, now())
     on conflict ("teamId", "address") do update set "sentAt" = excluded."sentAt"
     where auto_replies."sentAt" <= excluded."sentAt" - make_interval(mins => $3)
     returning (select "sentAt" from previous) as "previousAt"`,
    [teamId, to, RuleLimits.autoReplyEveryMinutes],
  )
  const claimed = rows[0]
  if (!claimed) return null
  return {
    release: async () => {
      await (claimed.previousAt === null
        ? tx.query('delete from auto_replies where "teamId" = $1 and "address" = $2', [teamId, to])
        : tx.query('update auto_replies set "sentAt" = $3 where "teamId" = $1 and "address" = $2', [
            teamId,
            to,
            claimed.previousAt,
          ]))
    },
  }
}

/**
 * A rule's automatic reply to the customer (decision 065), queued in the run's transaction: never to an
 * automatic, spam or DMARC-failing mail, at most once an hour per requester and workspace, within the
 * workspace's sending limits as its owner's mail, from the address replies use and in the workspace's
 * name. A run no mail started (a scheduled rule, a member's change) answers the requester's latest mail on
 * the ticket, judged by the same checks. Answers what the timeline says of it.
 */
export async function queueAutoReply(
  tx: TQueryable,
  deps: TAutoReplyDeps,
  input: {
    ticket: TTicketRow
    mail: TAutomationMail | null
    requesterName: string | null
    action: TAutoReplyAction
  },
): Promise<string> {
  const { ticket, action } = input
  const mail = input.mail ?? (await latestRequesterMail(tx, ticket))
  const refused = refusal(ticket, mail)
  if (refused || !mail) return refused ?? AutoReplySkipped.noMail
  const to = ticket.email.trim().toLowerCase()
  const { rows: owners } = await tx.query<{ id: string; email: string; teamName: string }>(
    `select u.id, u.email, t.name as "teamName" from memberships m
     join users u on u.id = m.user_id join teams t on t.id = m.team_id
     where m.team_id = $1 and m.confirm and 'owner' = any(m.roles) order by m.created_at limit 1`,
    [ticket.teamId],
  )
  const owner = owners[0]
  if (!owner) return AutoReplySkipped.noAddress
  const voice = await replyVoice(tx, {
    teamId: ticket.teamId,
    ticketId: ticket.id,
    agent: { id: owner.id, name: owner.teamName, email: owner.email },
  }).catch(() => null)
  if (!voice) return AutoReplySkipped.noAddress
  // Claimed before the limits: a requester writing five times in a minute gets one answer, not five tries.
  const claim = await claimHourly(tx, ticket.teamId, to)
  if (!claim) return AutoReplySkipped.recent
  try {
    const ownerVerified = await hasVerifiedOwner(tx, ticket.teamId)
    // The requester wrote to the workspace: never a stranger to it.
    await deps.outbox.admitRecipients(tx, {
      ...{ teamId: ticket.teamId, accountId: owner.id, recipients: [to] },
      ...{ ownerVerified, strangers: [] },
    })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    // Nothing went: the requester's next mail is tried again rather than said to have been answered.
    await claim.release()
    return `${AutoReplySkipped.limit} (${error.message})`
  }
  const text = fill(action.body, ticket, input.requesterName, to)
  const queued = await deps.outbox.queueMail(tx, {
    kind: OutboundMailKind.autoReply,
    // One answer to a customer's mail per rule; with no mail starting the run, each firing is its own.
    idempotencyKey: `auto-reply:${action.ruleId}:${ticket.id}:${
      input.mail ? (input.mail.messageId ?? ticket.id) : randomUUID()
    }`.slice(0, 200),
    ownerId: owner.id,
    readableBy: [`team:${ticket.teamId}`],
    to: [to],
    // In the workspace's name whatever its pattern: no member wrote it (decision 047).
    from: `"${owner.teamName.replace(/["\\\r\n<>]/g, '').trim()}" <${voice.address}>`,
    replyTo: voice.address,
    subject: subjectOf(action, ticket, input.requesterName, to),
    text: `${text}\n`,
    ...threading(mail.messageId),
  })
  // Its send job in the same transaction: the run has no moment after its commit to announce it.
  await deps.queue.enqueueIn(tx, sendOutboundMailJob, { mailId: queued.id })
  return RuleActionDone.autoReply(to)
}
