import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { priorityTone, processingTone, statusTone, statusWords } from '../ticket-tones'

/** The status's colour as a dot: the spec's colours, on an outlined label rather than a filled one. */
const DOT_COLOURS: Record<string, string> = {
  red: 'bg-red-600',
  blue: 'bg-blue-600',
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  gray: 'bg-gray-400',
  brand: 'bg-primary',
}

/**
 * A status is a state, not an alarm: an outlined label with a coloured dot, so "open" never reads as the
 * filled red of a high priority beside it. Its words carry the meaning; the dot only helps the eye.
 */
export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status)
  return (
    <span
      data-slot="badge"
      data-tone={tone}
      className="inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border bg-background px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground"
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', DOT_COLOURS[tone])} />
      <span className="inline-block first-letter:uppercase">{statusWords(status)}</span>
    </span>
  )
}

export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  const tone = priorityTone(priority)
  if (!tone || !priority) return null
  return <Badge tone={tone}>{priority}</Badge>
}

export function ProcessingBadge({ processingStatus }: { processingStatus: string }) {
  return <Badge tone={processingTone(processingStatus)}>{processingStatus}</Badge>
}
