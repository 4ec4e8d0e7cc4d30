import type { TTicketAnalysis } from '@parsedesk/contracts'
import type { TInboundRow } from '../inbound/inbound-repository'
import type { TWrittenAttachment } from './store-attachments'
import type { TTriage } from './triage-delivery'

/** A delivery that triage found to be mail, its attachments already written, ready to be decided. */
export type TMailDelivery = Extract<TTriage, { kind: 'mail' }> & {
  inbound: TInboundRow
  written: TWrittenAttachment[]
  /** The local analysis of the ticket it would open, made before the deciding transaction (decision 032). */
  analysis?: TTicketAnalysis
}

/** A delivery that becomes no ticket whatever the database holds (unreadable, noise, no sender). */
export type TNoTicketDelivery = Extract<TTriage, { kind: 'no-ticket' }> & { inbound: TInboundRow }

/** What the stages after triage take: one delivery, read and screened. */
export type TPreparedDelivery = TMailDelivery | TNoTicketDelivery
