import type {
  TMessageAttributes,
  TTicketAttributes,
  TTicketEventAttributes,
  TTicketPriority,
  TTicketStatus,
} from '@parsedesk/contracts'
import type { Models } from 'appwrite'

/**
 * The ticket as the page reads it whole. Attributes added by the workflow issue may be missing on a
 * document written before them, so everything past the seed's fields is optional.
 */
export type TTicketPageDocument = Models.Document &
  Pick<
    TTicketAttributes,
    'email' | 'subject' | 'body' | 'status' | 'processing_status' | 'teamId' | 'userId'
  > &
  Partial<
    Pick<
      TTicketAttributes,
      | 'number'
      | 'priority'
      | 'category'
      | 'description'
      | 'analysis'
      | 'rawJson'
      | 'assigneeId'
      | 'tags'
      | 'groupId'
      | 'cc'
      | 'requesterId'
      | 'mergedIntoId'
      | 'customFields'
      | 'extraction'
    >
  >

export type TTicketEventDocument = Models.Document & TTicketEventAttributes
/** A message as read; the fields decision 016 added may be missing on a message stored before them. */
export type TConversationMessage = Models.Document &
  Omit<
    TMessageAttributes,
    'bodyHtml' | 'cc' | 'attachmentIds' | 'mailId' | 'deliveryState' | 'deliveryError'
  > &
  Partial<
    Pick<
      TMessageAttributes,
      'bodyHtml' | 'cc' | 'attachmentIds' | 'mailId' | 'deliveryState' | 'deliveryError'
    >
  >
export type { TGroupDocument } from '@/features/groups/queries'

/** How the page names statuses and priorities in sentences ("Grace set status Pending"). */
export const STATUS_LABELS: Record<TTicketStatus, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  pending: 'Pending',
  'on-hold': 'On hold',
  closed: 'Closed',
}

export const PRIORITY_LABELS: Record<TTicketPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' }

/** The fields of the side panel an agent changes, as `databases.updateDocument` takes them. */
export type TTicketChange = Partial<
  Pick<
    TTicketAttributes,
    | 'status'
    | 'priority'
    | 'category'
    | 'assigneeId'
    | 'groupId'
    | 'tags'
    | 'cc'
    | 'requesterId'
    | 'customFields'
  >
>

/** `#1042`, as tickets are named in subjects, links and on screen. */
export function ticketLabel(number: number | undefined): string {
  return number === undefined ? '' : `#${number}`
}
