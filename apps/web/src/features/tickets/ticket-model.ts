import { ProcessingStatus, type TTicketAttributes } from '@parsedesk/contracts'
import type { Models } from 'appwrite'

/** A ticket as read whole; optional attributes may be missing altogether on older documents. */
export type TTicketDocument = Models.Document &
  Pick<TTicketAttributes, 'email' | 'subject' | 'body' | 'status' | 'userId' | 'processing_status'> &
  Partial<
    Pick<
      TTicketAttributes,
      | 'priority'
      | 'rawJson'
      | 'description'
      | 'analysis'
      | 'category'
      | 'processing_error'
      | 'number'
      | 'assigneeId'
      | 'tags'
      | 'groupId'
      | 'requesterId'
      | 'mailboxId'
      | 'lastActivityAt'
      | 'customFields'
    >
  >

/**
 * What the list reads of each ticket: the table's columns, what the polling looks at, and what a view
 * filters on (so a realtime change is placed without asking the server). The body, the analysis and the
 * raw source (up to megabytes each) are read when a ticket is opened.
 */
export const TICKET_LIST_ATTRIBUTES = [
  '$id',
  '$createdAt',
  '$updatedAt',
  'email',
  'subject',
  'status',
  'priority',
  'processing_status',
  'number',
  'category',
  'assigneeId',
  'tags',
  'groupId',
  'requesterId',
  'mailboxId',
  'lastActivityAt',
  'customFields',
] as const satisfies readonly (keyof TTicketDocument)[]

export type TTicketSummary = Pick<TTicketDocument, (typeof TICKET_LIST_ATTRIBUTES)[number]> & Models.Document

/** Spec, section 9: the list refreshes every 2 s while any ticket is not completed. */
export const TICKET_LIST_REFRESH_MS = 2000

export function hasUnfinishedTicket(
  tickets: readonly Pick<TTicketDocument, 'processing_status'>[] | undefined,
) {
  return !!tickets?.some((ticket) => ticket.processing_status !== ProcessingStatus.completed)
}

export function ticketListRefreshInterval(tickets: readonly TTicketSummary[] | undefined): number | false {
  return hasUnfinishedTicket(tickets) ? TICKET_LIST_REFRESH_MS : false
}
