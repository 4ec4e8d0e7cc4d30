import { PresenceState, presenceSentence } from '@parsedesk/contracts'
import { clsx } from 'clsx'
import { useAnnouncePresence, useTicketPresence } from './queries'
import { useOthersOnTicket } from './use-others-on-ticket'

/**
 * "Ada is replying", "Ben is viewing": the other members on this ticket right now, so two agents do not
 * answer one customer twice (decision 021). Mounting it announces this member too.
 */
export function TicketPresence({ ticketId }: { ticketId: string }) {
  useAnnouncePresence(ticketId)
  const presence = useTicketPresence(ticketId)
  const others = useOthersOnTicket(presence.data)

  return (
    <div
      data-testid="ticket-presence-slot"
      role="status"
      aria-live="polite"
      className="flex min-w-0 items-center gap-2 text-xs"
    >
      {[PresenceState.replying, PresenceState.viewing].map((state) => {
        const names = others.filter((member) => member.state === state).map((member) => member.userName)
        if (names.length === 0) return null
        const isReplying = state === PresenceState.replying
        return (
          <p
            key={state}
            data-presence={state}
            className={clsx(
              'flex items-center gap-1.5 rounded-full border px-2 py-0.5 whitespace-nowrap',
              isReplying
                ? 'border-amber-300 bg-amber-50 font-medium text-amber-900'
                : 'border-border bg-muted text-muted-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'size-2 rounded-full',
                isReplying ? 'animate-pulse bg-amber-500' : 'bg-green-500',
              )}
            />
            {presenceSentence(names, state)}
          </p>
        )
      })}
    </div>
  )
}
