import { Badge } from '@/components/ui/badge'
import { priorityTone, processingTone, statusTone } from '../ticket-tones'

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{status}</Badge>
}

export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  const tone = priorityTone(priority)
  if (!tone || !priority) return null
  return <Badge tone={tone}>{priority}</Badge>
}

export function ProcessingBadge({ processingStatus }: { processingStatus: string }) {
  return <Badge tone={processingTone(processingStatus)}>{processingStatus}</Badge>
}
