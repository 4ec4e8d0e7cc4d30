import { ShieldAlert } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { spamReasonOf } from '../spam-reason'

/** "spam (reason)" on a spam ticket: why it is out of the open views; nothing on any other ticket. */
export function SpamBadge({ ticket }: { ticket: { category?: string | null; description?: string | null } }) {
  const reason = spamReasonOf(ticket)
  if (reason === null) return null
  return (
    <Badge tone="red" data-testid="spam-badge" className="max-w-full whitespace-normal break-words">
      <ShieldAlert aria-hidden="true" className="size-3" />
      spam ({reason})
    </Badge>
  )
}
