import type { TTicketAttributes } from '@parsedesk/contracts'

/** What the composer reads of its ticket (the ticket page's document has these and more). */
export type TComposerTicket = Pick<TTicketAttributes, 'email' | 'subject' | 'teamId'> &
  Partial<Pick<TTicketAttributes, 'number' | 'tags' | 'assigneeId' | 'cc' | 'requesterId'>> & { $id: string }
