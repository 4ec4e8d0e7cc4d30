import { ShieldAlert } from 'lucide-react'
import { spamReasonOf, type TSpamReasonTicket } from '../spam-reason'

/**
 * "spam (reason)" on a spam ticket: why it is out of the open views; nothing on any other ticket. The
 * red badge's look, but the reason may be long and wraps (a Badge stays on one line).
 */
export function SpamBadge({ ticket }: { ticket: TSpamReasonTicket }) {
  const reason = spamReasonOf(ticket)
  if (reason === null) return null
  return (
    <span
      data-testid="spam-badge"
      className="inline-flex max-w-full min-w-0 items-start gap-1 rounded-xl border border-red-200 bg-red-100 px-2 py-0.5 text-xs font-medium break-words text-red-800"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
      <span className="min-w-0">spam ({reason})</span>
    </span>
  )
}
