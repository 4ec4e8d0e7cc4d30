import type { TInboundChannel } from '@parsedesk/contracts'
import type { TDatabase } from '../../db/database'
import type { TGroupLimits } from '../../db/group-commit'
import { JOB_WAKE_CHANNEL } from '../../jobs/job-wake-listener'
import { countOnMailbox, type TMailboxRow } from '../mailboxes/mailbox-repository'
import { hashRawEmail } from '../parse'
import { createInboundGroupCommit } from './inbound-group-commit'
import { INGEST_QUEUE } from './inbound-queue'
import {
  findOriginalDelivery,
  insertInbound,
  insertInboundRaw,
  newInboundId,
  type TInsertInboundOptions,
} from './inbound-repository'

export type TInboundDelivery = {
  mailbox: Pick<TMailboxRow, 'id' | 'userId' | 'teamId'>
  raw: Uint8Array
  channel: TInboundChannel
  externalId?: string | null
  envelopeFrom?: string | null
  /** The reply whose return path the SMTP intake took the mail at (decision 028). */
  returnedMailId?: string | null
}

export type TAcceptedInboundEmail = { inboundId: string; duplicate: boolean }

export type TAcceptInboundEmail = (delivery: TInboundDelivery) => Promise<TAcceptedInboundEmail>

export type TCreateAcceptInboundEmailOptions = {
  db: TDatabase
  /**
   * Tells this process's ingest worker that a delivery was committed; on PostgreSQL the statement that
   * stores a group also sends one NOTIFY for workers in other processes (decision 041).
   */
  wake?: () => void
  /** Failures that lose nothing but are worth knowing: a group stored one by one. */
  log?: (message: string, error?: unknown) => void
  groupLimits?: TGroupLimits
  /** Told of every delivery once it is committed, just before its sender is acknowledged (metrics). */
  onAccepted?(channel: TInboundChannel): void
}

/**
 * The one door into the inbound store for SMTP, webhooks and IMAP. A delivery resolves only once it and
 * its bytes are committed, so the caller may acknowledge the sender then and not before. A delivery seen
 * before (same bytes, or same channel and external id) is recorded as a duplicate of the first and not
 * processed again. Deliveries arriving together are committed together (inbound-group-commit.ts); a
 * committed delivery is its own place in the ingest queue, which a worker claims.
 */
export function createAcceptInboundEmail(options: TCreateAcceptInboundEmailOptions): TAcceptInboundEmail {
  const { db } = options
  const group = createInboundGroupCommit({
    db,
    limits: options.groupLimits,
    log: options.log,
    wake: db.kind === 'postgres' ? { channel: JOB_WAKE_CHANNEL, payload: INGEST_QUEUE } : undefined,
  })
  return async (delivery) => {
    const raw = delivery.raw
    const base: TDeliveryBase = {
      mailboxId: delivery.mailbox.id,
      userId: delivery.mailbox.userId,
      teamId: delivery.mailbox.teamId,
      channel: delivery.channel,
      externalId: delivery.externalId ?? null,
      sha256: hashRawEmail(raw),
      size: raw.byteLength,
      envelopeFrom: delivery.envelopeFrom ?? null,
      returnedMailId: delivery.returnedMailId ?? null,
    }
    const fresh = await group.storeNew({ ...base, raw })
    const accepted: TAcceptedInboundEmail = fresh
      ? { inboundId: fresh, duplicate: false }
      : await acceptAgain(db, { base, raw })
    if (!accepted.duplicate) options.wake?.()
    options.onAccepted?.(delivery.channel)
    return accepted
  }
}

type TDeliveryBase = Omit<TInsertInboundOptions, 'id' | 'duplicateOf'>

/** A delivery stored before (or, astronomically rarely, a drawn id already taken): a duplicate. */
async function acceptAgain(
  db: TDatabase,
  options: { base: TDeliveryBase; raw: Uint8Array },
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
