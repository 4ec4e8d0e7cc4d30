import crypto from 'node:crypto'
import {
  MAIL_ADDRESS_PATTERN,
  OUTBOUND_MAIL_KINDS,
  OutboundMailLimits,
  OutboundMailState,
  SendingLimitDefaults,
  UndoSend,
  uniqueId,
  ZOutboundAttachment,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import type { TJobQueue } from '../jobs/job-queue'
import { insertOutboxRow, type TOutboxRow } from './outbox-repository'
import { sendOutboundMailJob } from './send-outbound-mail.job'
import { createSendingLimits, type TLimitName, type TSendingLimits } from './sending-limits'

const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line')
const ZAddress = z.string().max(OutboundMailLimits.address).regex(MAIL_ADDRESS_PATTERN, 'an email address')
// The documents API's role names (`user:<id>`, `team:<id>/<role>`, `users`...), nothing a permission's
// quotes could be broken out of.
const ZRole = z.string().regex(/^[a-z]+(:[\w.-]{1,36})?(\/[\w.-]{1,36})?$/, 'a role, e.g. user:<id>')
const ZMessageId = oneLine(OutboundMailLimits.messageId).regex(/^<[^\s<>]+@[^\s<>]+>$/, 'a <id@domain>')

/** A mail another domain wants sent: what it says, to whom, and who may see it in the outbox. */
export const ZOutboundMail = z.object({
  kind: z.enum(OUTBOUND_MAIL_KINDS),
  /**
   * Names the one mail the caller means (e.g. `recovery:<tokenId>`): queueing the same key again returns
   * the first row and sends nothing more. Readers of the mail see it, so it holds no secret.
   */
  idempotencyKey: oneLine(OutboundMailLimits.idempotencyKey).min(1),
  /** The account the mail is counted under (its `$sequence`). */
  ownerId: z.string().min(1).max(36),
  /** Roles that may read the mail in the outbox, e.g. `user:<id>`; its text is theirs to see. */
  readableBy: z.array(ZRole).max(20),
  to: z.array(ZAddress).min(1).max(OutboundMailLimits.recipients),
  cc: z.array(ZAddress).max(OutboundMailLimits.recipients).default([]),
  subject: oneLine(OutboundMailLimits.subject),
  text: z.string().max(OutboundMailLimits.text),
  html: z.string().max(OutboundMailLimits.html).optional(),
  /** Files of bucket `attachments` the sender reads when it sends (see `TOpenAttachments`). */
  attachments: z.array(ZOutboundAttachment).max(OutboundMailLimits.attachments).default([]),
  /** Default: MAIL_FROM. */
  from: ZAddress.optional(),
  /** Default: none (answers go to From). */
  replyTo: ZAddress.optional(),
  inReplyTo: ZMessageId.optional(),
  references: z.array(ZMessageId).max(OutboundMailLimits.references).optional(),
  /** Held this long before the relay, for undo (decision 039); default: sent at once. */
  holdSeconds: z.number().int().min(0).max(UndoSend.maxSeconds).default(0),
})
export type TOutboundMail = z.input<typeof ZOutboundMail>

export type TOutboxDeps = {
  queue: TJobQueue
  /** MAIL_FROM, for mail that names no sender of its own. */
  from: string
  /** Our Message-IDs are `<random@domain>` under this domain, so answers find their way back. */
  messageIdDomain: string
  log: TLog
  /** How much mail members may send (decision 026); default: SendingLimitDefaults. */
  limits?: TSendingLimits
  /** A limit refused a mail or an invitation: the metric counts it. */
  limited?: (limit: TLimitName) => void
}

/**
 * The one way the product sends mail. `queueMail` stores it in the caller's transaction, so it commits or
 * rolls back with whatever caused it; once committed, `announceQueued` hands it to the worker. A crash in
 * between leaves it queued, and the sweeper enqueues it.
 */
export function createOutbox(deps: TOutboxDeps) {
  const sendingLimits = createSendingLimits({
    limits: deps.limits ?? SendingLimitDefaults,
    log: deps.log,
    limited: deps.limited,
  })

  async function queueMail(tx: TQueryable, input: TOutboundMail): Promise<TOutboxRow> {
    const mail = ZOutboundMail.parse(input)
    return insertOutboxRow(tx, {
      id: uniqueId(),
      userId: mail.ownerId,
      readableBy: mail.readableBy,
      kind: mail.kind,
      idempotencyKey: mail.idempotencyKey,
      from: mail.from ?? deps.from,
      replyTo: mail.replyTo ?? null,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments,
      messageId: `<${crypto.randomBytes(16).toString('hex')}@${deps.messageIdDomain}>`,
      inReplyTo: mail.inReplyTo ?? null,
      references: mail.references ?? null,
      holdSeconds: mail.holdSeconds,
    })
  }

  /**
   * After the commit of queued mail: its send jobs, a held one's due when its hold ends. A lost enqueue is
   * the sweeper's to make good.
   */
  async function announceQueued(rows: TOutboxRow[]): Promise<void> {
    await Promise.all(
      rows
        .filter((row) => row.state === OutboundMailState.queued)
        .map((row) =>
          (row.sendAfter
            ? deps.queue.enqueue(sendOutboundMailJob, { mailId: row.id }, { startAfter: row.sendAfter })
            : deps.queue.enqueueSoon(sendOutboundMailJob, { mailId: row.id })
          ).catch((error: unknown) => deps.log(`could not enqueue outbound mail ${row.id}`, error)),
        ),
    )
  }

  return {
    queueMail,
    announceQueued,
    /** Takes a mail's recipients from the limits in `tx`, before its queueMail; throws the refusal. */
    admitRecipients: sendingLimits.admitRecipients,
    /** Counts and logs a refusal of another domain's limit (invitations), then throws its error. */
    refuseLimit: sendingLimits.refuse,
  }
}

export type TOutbox = ReturnType<typeof createOutbox>
