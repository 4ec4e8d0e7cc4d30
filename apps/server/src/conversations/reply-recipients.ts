import { InboundStatus } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

/**
 * Which of `addresses` (bare, lower-case) never wrote to the workspace: no mail from them became a ticket
 * or a message of it. A contact an agent typed, or a ticket filed with their address, does not count.
 */
export async function addressesThatNeverWrote(
  tx: TQueryable,
  teamId: string,
  addresses: string[],
): Promise<string[]> {
  const { rows } = await tx.query<{ address: string }>(
    `select distinct lower("from") as address from inbound_emails
     where "teamId" = $1 and "status" = any($3::text[]) and lower("from") = any($2::text[])`,
    [teamId, addresses, [InboundStatus.ticket, InboundStatus.threadMessage]],
  )
  const wrote = new Set(rows.map((row) => row.address))
  return addresses.filter((address) => !wrote.has(address))
}
