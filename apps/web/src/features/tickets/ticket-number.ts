import { Paths } from '@/app/paths'

/** A ticket's visible id: its number in the workspace (`#1042`); a ticket read before it had one shows none. */
export function ticketLabel(number: number | undefined): string {
  return number === undefined || number === null ? '#?' : `#${number}`
}

/** The ticket page's address: `/tickets/1042`. */
export function ticketPath(number: number): string {
  return Paths.ticket.replace(':number', String(number))
}
