// A module of their own: the ticket's attributes (tickets.ts) hold the stored analysis (analysis.ts),
// which needs the priorities too, and neither may import the other at load time.
export const TICKET_PRIORITIES = ['high', 'medium', 'low'] as const
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number]
