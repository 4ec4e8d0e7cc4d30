import type { TProcessingStatus, TTicketPriority, TTicketStatus } from '@parsedesk/contracts'
import type { TBadgeTone } from '@/components/ui/badge'

/**
 * Spec, section 4: the badge colours; an unknown status is gray, an absent priority shows nothing. The
 * two waiting statuses are gray too: nobody on the team has to act while the ticket waits.
 */
const statusTones: Record<TTicketStatus, TBadgeTone> = {
  open: 'red',
  'in-progress': 'blue',
  pending: 'gray',
  'on-hold': 'gray',
  closed: 'green',
}
const priorityTones: Record<TTicketPriority, TBadgeTone> = { high: 'red', medium: 'yellow', low: 'green' }
const processingTones: Record<TProcessingStatus, TBadgeTone> = {
  waiting: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
}

/**
 * A status in words, lower case as the spec's badges read ("in progress", not "in-progress"); the badge
 * shows it with a capital.
 */
const STATUS_WORDS: Record<TTicketStatus, string> = {
  open: 'open',
  'in-progress': 'in progress',
  pending: 'pending',
  'on-hold': 'on hold',
  closed: 'closed',
}

export function statusWords(status: string): string {
  return STATUS_WORDS[status as TTicketStatus] ?? status
}

export function statusTone(status: string): TBadgeTone {
  return statusTones[status as TTicketStatus] ?? 'gray'
}

export function priorityTone(priority: string | null | undefined): TBadgeTone | null {
  if (!priority) return null
  return priorityTones[priority as TTicketPriority] ?? 'gray'
}

export function processingTone(processingStatus: string): TBadgeTone {
  return processingTones[processingStatus as TProcessingStatus] ?? 'gray'
}
