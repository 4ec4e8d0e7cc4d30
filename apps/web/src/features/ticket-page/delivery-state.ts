import { OutboundMailState, type TOutboundMailState } from '@parsedesk/contracts'
import type { TBadgeTone } from '@/components/ui/badge'

/** A reply's mail as the agent reads its state: a reply with no delivery event yet is waiting in the outbox. */
const DELIVERY: Record<TOutboundMailState, { label: string; tone: TBadgeTone }> = {
  queued: { label: 'Queued', tone: 'gray' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  'not-sent': { label: 'Not sent', tone: 'red' },
  withdrawn: { label: 'Withdrawn', tone: 'gray' },
}

export function deliveryDisplay(state: TOutboundMailState | null) {
  return DELIVERY[state ?? OutboundMailState.queued]
}
