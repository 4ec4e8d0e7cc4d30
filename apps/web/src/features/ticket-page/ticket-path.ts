import { generatePath } from 'react-router'
import { Paths } from '@/app/paths'

/** The ticket page's address: `/tickets/1042`, the number its workspace gave it. */
export function ticketPath(number: number): string {
  return generatePath(Paths.ticket, { number: String(number) })
}

/** The number in a ticket page's address, or null for anything that is not one (`/tickets/abc`, `/tickets/0`). */
export function readTicketNumber(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,14}$/.test(param)) return null
  return Number(param)
}
