import type { Readable } from 'node:stream'
import type { TOutboundMailState } from '@parsedesk/contracts'
import type { TTransaction } from '../db/database'
import type { TOutboxRow } from './outbox-repository'

/** A mail of the outbox reached `mail.state` (sent, failed, not-sent) from `before`. */
export type TDeliveryChange = { mail: TOutboxRow; before: TOutboundMailState }

/**
 * Told of each mail's final state by whoever sets it: `record` in the transaction that sets it (so what it
 * writes commits or rolls back with the state), `announce` after that commit. The outbox sits below the
 * domains that care (replies write their ticket's timeline), so they hand it this rather than it calling
 * them.
 */
export type TDeliveryObserver = {
  record(tx: TTransaction, change: TDeliveryChange): Promise<void>
  announce(change: TDeliveryChange): Promise<void>
}

/** A file sent with a mail, opened afresh for each try. */
export type TMailAttachment = { filename: string; contentType: string; content: Readable }

/**
 * The bytes of a mail's `attachments`, in their order; rejects with `MissingAttachmentError` when one is
 * gone (its ticket was deleted meanwhile), which fails the mail rather than sending it without.
 */
export type TOpenAttachments = (mail: TOutboxRow) => Promise<TMailAttachment[]>

export class MissingAttachmentError extends Error {}
