import { livePresence } from '@parsedesk/contracts'
import { useEffect, useState } from 'react'
import { useSession } from '@/features/auth/session'
import { type TPresenceDocument, usePresenceDocuments } from './queries'

/** How often expired presence is dropped from the screen between events. */
const RECHECK_MS = 5_000

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

/**
 * The other members on the ticket right now, replying first, from the presence the page holds (kept
 * current by `TicketPresence`'s subscription; this hook reads, it does not subscribe again).
 */
export function useOthersOnTicket(documents: readonly TPresenceDocument[] | undefined): TPresenceDocument[] {
  const { user } = useSession()
  const now = useNow(RECHECK_MS)
  return livePresence(documents ?? [], { now, selfId: user?.$id })
}

/** For a part of the page other than the header: the same list, from the query the header keeps current. */
export function useOthersOnTicketId(ticketId: string): TPresenceDocument[] {
  return useOthersOnTicket(usePresenceDocuments(ticketId).data)
}
