import { PresenceState, PresenceTiming } from '@parsedesk/contracts'
import { useCallback, useEffect, useRef } from 'react'
import { setOwnPresenceState } from './presence-state'

/**
 * For the composer: call the returned function on each keystroke. The ticket shows this member as
 * "replying" from the first one until they have typed nothing for a few seconds (or leave), then as
 * "viewing" again.
 */
export function useTypingPresence(ticketId: string): { typed(): void; stopped(): void } {
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const stopped = useCallback(() => {
    clearTimeout(idle.current)
    setOwnPresenceState(ticketId, PresenceState.viewing)
  }, [ticketId])

  const typed = useCallback(() => {
    setOwnPresenceState(ticketId, PresenceState.replying)
    clearTimeout(idle.current)
    idle.current = setTimeout(stopped, PresenceTiming.typingIdleMs)
  }, [ticketId, stopped])

  useEffect(() => stopped, [stopped])
  return { typed, stopped }
}
