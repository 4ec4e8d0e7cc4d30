import type { TTicketSlaView } from '@parsedesk/contracts'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { useTicketSla } from './queries'
import { SlaBadges } from './sla-badges'

const SlaOfTickets = createContext<ReadonlyMap<string, TTicketSlaView>>(new Map())

/** One read for the list's rows in sight (at most a screenful), shared by their SLA cells. */
export function SlaListProvider({
  ticketIds,
  children,
}: {
  ticketIds: readonly string[]
  children: ReactNode
}) {
  const sla = useTicketSla(ticketIds)
  const byTicket = useMemo(() => new Map((sla.data ?? []).map((view) => [view.ticketId, view])), [sla.data])
  return <SlaOfTickets.Provider value={byTicket}>{children}</SlaOfTickets.Provider>
}

/** A row's running SLA targets, from the list's one read. */
export function SlaListBadges({ ticketId }: { ticketId: string }) {
  const sla = useContext(SlaOfTickets).get(ticketId)
  return (
    <span className="flex flex-wrap gap-1">
      <SlaBadges sla={sla} />
    </span>
  )
}
