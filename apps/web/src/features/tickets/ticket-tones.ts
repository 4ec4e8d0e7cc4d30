import type { TBadgeTone } from '@/components/ui/badge'

/** Spec, section 4: the badge colours; an unknown status is gray, an absent priority shows nothing. */
const statusTones: Record<string, TBadgeTone> = { open: 'red', 'in-progress': 'blue', closed: 'green' }
const priorityTones: Record<string, TBadgeTone> = { high: 'red', medium: 'yellow', low: 'green' }
const processingTones: Record<string, TBadgeTone> = {
  waiting: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
}

export function statusTone(status: string): TBadgeTone {
  return statusTones[status] ?? 'gray'
}

export function priorityTone(priority: string | null | undefined): TBadgeTone | null {
  if (!priority) return null
  return priorityTones[priority] ?? 'gray'
}

export function processingTone(processingStatus: string): TBadgeTone {
  return processingTones[processingStatus] ?? 'gray'
}
