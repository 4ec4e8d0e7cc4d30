import type { TTicketSlaView } from '@parsedesk/contracts'
import { useQuery } from '@tanstack/react-query'
import { client } from '@/lib/appwrite'

/** How often the badges read the clocks again: their text counts minutes. */
const REFRESH_MS = 60_000

/** The live SLA clocks of tickets (`GET /v1/sla/tickets`, decision 054), refreshed every minute. */
export function useTicketSla(ticketIds: readonly string[]) {
  const ids = [...ticketIds].sort().join(',')
  return useQuery({
    queryKey: ['ticket-sla', ids],
    enabled: ids.length > 0,
    refetchInterval: REFRESH_MS,
    queryFn: async (): Promise<TTicketSlaView[]> => {
      const answer = (await client.call(
        'get',
        new URL(`${client.config.endpoint}/sla/tickets`),
        {},
        { ids },
      )) as {
        tickets: TTicketSlaView[]
      }
      return answer.tickets
    },
  })
}
