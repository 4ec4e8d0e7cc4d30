import { z } from 'zod'

/**
 * Who is on a ticket right now (decision 021): a member's page says "viewing" while it is open and
 * "replying" while they type in the composer. Collection `presence`, one document per member and ticket.
 */
export const PRESENCE_COLLECTION_ID = 'presence'

export const PresenceState = { viewing: 'viewing', replying: 'replying' } as const
export const PRESENCE_STATES = ['viewing', 'replying'] as const
export type TPresenceState = (typeof PRESENCE_STATES)[number]

export const PresenceTiming = {
  /** How often an open ticket page says it is still there. */
  heartbeatMs: 15_000,
  /** How long a document counts after its last write: three heartbeats, so one lost request hides nobody. */
  ttlMs: 45_000,
  /** Typing stopped this long ago: back to viewing. */
  typingIdleMs: 5_000,
} as const

/** What a member's page sends: which ticket, and what they are doing there. The rest is the server's. */
export const ZPresenceCreate = z
  .object({ ticketId: z.string().min(1).max(36), state: z.enum(PRESENCE_STATES) })
  .strict()
export type TPresenceCreate = z.infer<typeof ZPresenceCreate>

/** A presence document as stored: the member (by id and by the name shown), the ticket, the state. */
export const ZPresenceAttributes = z.object({
  ticketId: z.string(),
  teamId: z.string(),
  userId: z.string(),
  userName: z.string(),
  state: z.enum(PRESENCE_STATES),
  expiresAt: z.iso.datetime({ offset: true }),
})
export type TPresenceAttributes = z.infer<typeof ZPresenceAttributes>

/** The members shown on a ticket: each other member's live documents, replying first, then by name. */
export function livePresence<T extends TPresenceAttributes>(
  documents: readonly T[],
  options: { now: number; selfId: string | undefined },
): T[] {
  const newest = new Map<string, T>()
  for (const document of documents) {
    if (document.userId === options.selfId) continue
    if (Date.parse(document.expiresAt) <= options.now) continue
    const seen = newest.get(document.userId)
    if (!seen || Date.parse(seen.expiresAt) < Date.parse(document.expiresAt))
      newest.set(document.userId, document)
  }
  return [...newest.values()].sort(
    (a, b) =>
      Number(b.state === PresenceState.replying) - Number(a.state === PresenceState.replying) ||
      a.userName.localeCompare(b.userName),
  )
}

/** "Ada is viewing", "Ada and Ben are replying": what the ticket's header says of one state. */
export function presenceSentence(names: readonly string[], state: TPresenceState): string {
  if (names.length === 0) return ''
  const who =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
  return `${who} ${names.length === 1 ? 'is' : 'are'} ${state}`
}
