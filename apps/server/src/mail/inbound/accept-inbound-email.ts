import type { TInboundChannel } from '@parsedesk/contracts'
import type { TDatabase } from '../../db/database'
import { countOnMailbox, type TMailboxRow } from '../mailboxes/mailbox-repository'
import { hashRawEmail } from '../parse'
import {
  findOriginalDelivery,
  insertInbound,
  insertInboundRaw,
  insertNewDelivery,
  newInboundId,
  type TInsertInboundOptions,
} from './inbound-repository'

export type TAcceptInboundEmailOptions = {
  db: TDatabase
  /** Starts processing of a committed delivery; failures are left to the sweeper. */
  enqueue: (inboundId: string) => Promise<void>
  mailbox: Pick<TMailboxRow, 'id' | 'userId'>
  raw: Uint8Array
  channel: TInboundChannel
  externalId?: string | null
  envelopeFrom?: string | null
  onEnqueueError?: (error: unknown) => void
}

export type TAcceptedInboundEmail = { inboundId: string; duplicate: boolean }

/**
 * The one door into the inbound store for SMTP, webhooks and IMAP. Resolves only once the delivery
 * and its bytes are committed, so the caller may acknowledge the sender then and not before. A
 * delivery seen before (same bytes, or same channel and external id) is recorded as a duplicate of
 * the first and not processed again.
 */
export async function acceptInboundEmail(
  options: TAcceptInboundEmailOptions,
): Promise<TAcceptedInboundEmail> {
  const raw = options.raw
  const base: Omit<TInsertInboundOptions, 'id' | 'duplicateOf'> = {
    mailboxId: options.mailbox.id,
    userId: options.mailbox.userId,
    channel: options.channel,
    externalId: options.externalId ?? null,
    sha256: hashRawEmail(raw),
    size: raw.byteLength,
    envelopeFrom: options.envelopeFrom ?? null,
  }
  const fresh = await insertNewDelivery(options.db, { ...base, id: newInboundId(), raw })
  const accepted: TAcceptedInboundEmail = fresh
    ? { inboundId: fresh, duplicate: false }
    : await acceptAgain(options.db, { base, raw })
  if (!accepted.duplicate) {
    try {
      await options.enqueue(accepted.inboundId)
    } catch (error) {
      // Already committed and about to be acknowledged: the sweeper enqueues what is left waiting.
      options.onEnqueueError?.(error)
    }
  }
  return accepted
}

/** A delivery stored before (or, astronomically rarely, a drawn id already taken): a duplicate. */
async function acceptAgain(
  db: TDatabase,
  options: { base: Omit<TInsertInboundOptions, 'id' | 'duplicateOf'>; raw: Uint8Array },
): Promise<TAcceptedInboundEmail> {
  const { base, raw } = options
  return db.transaction(async (tx): Promise<TAcceptedInboundEmail> => {
    for (;;) {
      const id = newInboundId()
      const inserted = await insertInbound(tx, { ...base, id, duplicateOf: null })
      if (inserted) {
        await insertInboundRaw(tx, { inboundId: id, raw })
        await countOnMailbox(tx, { mailboxId: base.mailboxId, counter: 'received' })
        return { inboundId: id, duplicate: false }
      }
      const original = await findOriginalDelivery(tx, base)
      // No original means the conflict was on the freshly drawn id itself: draw another.
      if (!original) continue
      await insertInbound(tx, { ...base, id: newInboundId(), duplicateOf: original })
      await countOnMailbox(tx, { mailboxId: base.mailboxId, counter: 'received' })
      await countOnMailbox(tx, { mailboxId: base.mailboxId, counter: 'duplicates' })
      return { inboundId: original, duplicate: true }
    }
  })
}
