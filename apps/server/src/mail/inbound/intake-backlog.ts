import { INTAKE_BACKLOG } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TAcceptInboundEmail } from './accept-inbound-email'
import { countIngestQueue, type TIngestQueueCounts } from './inbound-queue'

/** A delivery deferred because stored mail waits too long to be decided: each channel says "try later". */
export class IntakeBehindError extends Error {
  constructor(
    readonly oldestWaitingSeconds: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`the oldest waiting mail has waited ${Math.round(oldestWaitingSeconds)} s`)
    this.name = 'IntakeBehindError'
  }
}

export type TIntakeBacklogState = {
  /** Age of the oldest delivery stored but not yet decided, 0 when none waits; database-wide. */
  oldestWaitingSeconds: number
  maxWaitingSeconds: number
  behind: boolean
}

/**
 * Age of the oldest delivery stored but not yet decided, 0 when none waits; database-wide. One entry of
 * the partial index inbound_emails_pending_idx (created_at where received), however many wait.
 */
export async function readOldestWaitingSeconds(db: TQueryable): Promise<number> {
  const { rows } = await db.query<{ age: number | null }>(
    `select extract(epoch from now() - min(created_at))::float8 as age
     from inbound_emails where "status" = 'received'`,
  )
  return Math.max(0, rows[0]?.age ?? 0)
}

// Every delivery asks; one read a second per process is plenty to notice a stall of half a minute.
const CACHE_MS = 1_000

/**
 * Back-pressure (decision 031): past `maxWaitingSeconds` of the oldest waiting delivery, new mail is
 * deferred rather than stored, so senders queue it instead of us.
 */
export function createIntakeBacklog(options: { db: TQueryable; maxWaitingSeconds: number }) {
  const { db, maxWaitingSeconds } = options
  let cached: { at: number; state: Promise<TIntakeBacklogState> } | undefined

  const query = async (): Promise<TIntakeBacklogState> => {
    const oldestWaitingSeconds = await readOldestWaitingSeconds(db)
    return { oldestWaitingSeconds, maxWaitingSeconds, behind: oldestWaitingSeconds > maxWaitingSeconds }
  }

  const read = (): Promise<TIntakeBacklogState> => {
    const now = Date.now()
    if (cached && now - cached.at < CACHE_MS) return cached.state
    const state = query()
    cached = { at: now, state }
    // A failed read is not kept: the next delivery asks again.
    state.catch(() => {
      if (cached?.state === state) cached = undefined
    })
    return state
  }

  return {
    read,
    /**
     * The state with the ingest queue's counts (decision 041), for the readiness probe's detail: read
     * when asked, never by the door.
     */
    async describe(): Promise<TIntakeBacklogState & { queue: Omit<TIngestQueueCounts, 'oldestSeconds'> }> {
      const [state, { oldestSeconds: _, ...queue }] = await Promise.all([read(), countIngestQueue(db)])
      return { ...state, queue }
    },
    /** The inbound store's door, closed while the intake is behind. */
    holdWhileBehind(accept: TAcceptInboundEmail): TAcceptInboundEmail {
      return async (delivery) => {
        const state = await read()
        if (state.behind) {
          throw new IntakeBehindError(state.oldestWaitingSeconds, INTAKE_BACKLOG.retryAfterSeconds)
        }
        return accept(delivery)
      }
    },
  }
}

export type TIntakeBacklogReader = ReturnType<typeof createIntakeBacklog>
