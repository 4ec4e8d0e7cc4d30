import type { TTicketRow } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'

/** What rules read beside the ticket row: the requester's name and when each side last wrote. */
export type TTicketSurroundings = {
  requesterName: string | null
  lastCustomerAt: Date | null
  lastAgentAt: Date | null
}

/** The surroundings of every ticket of a batch: two statements, whatever the batch's size. */
export async function readSurroundings(
  tx: TQueryable,
  tickets: readonly Pick<TTicketRow, 'id' | 'requesterId' | 'created_at'>[],
): Promise<Map<string, TTicketSurroundings>> {
  const ids = tickets.map((ticket) => ticket.id)
  const requesterIds = tickets.flatMap((ticket) => (ticket.requesterId ? [ticket.requesterId] : []))
  const names = new Map<string, string>()
  if (requesterIds.length > 0) {
    const { rows } = await tx.query<{ id: string; name: string }>(
      'select id, "name" from contacts where id = any($1)',
      [requesterIds],
    )
    for (const row of rows) names.set(row.id, row.name)
  }
  const { rows } = await tx.query<{ ticketId: string; customer: Date | null; agent: Date | null }>(
    `select "ticketId",
       max("createdAt") filter (where direction = 'inbound') as customer,
       max("createdAt") filter (where direction = 'outbound') as agent
     from messages where "ticketId" = any($1) group by "ticketId"`,
    [ids],
  )
  const times = new Map(rows.map((row) => [row.ticketId, row]))
  return new Map(
    tickets.map((ticket) => {
      const time = times.get(ticket.id)
      return [
        ticket.id,
        {
          requesterName: (ticket.requesterId && names.get(ticket.requesterId)) || null,
          // A new ticket's first mail is its body, not a message: the ticket's creation is when they wrote.
          lastCustomerAt: time?.customer ? new Date(time.customer) : ticket.created_at,
          lastAgentAt: time?.agent ? new Date(time.agent) : null,
        },
      ]
    }),
  )
}
