import type { TQueryable } from '../../db/database'
import { insertNewDeliveries, insertNewDelivery, newInboundId, type TNewDelivery } from './inbound-repository'

export type TGroupLimits = {
  /** Bytes of raw mail in one statement; a message bigger than this goes alone. */
  maxBytes: number
  maxDeliveries: number
}

// A few MB per statement: big enough that a burst of ordinary mail (~20 KB each) commits together,
// small enough that one statement never holds hundreds of MB of parameters.
export const DEFAULT_GROUP_LIMITS: TGroupLimits = { maxBytes: 4 * 1024 * 1024, maxDeliveries: 64 }

export type TInboundGroupCommit = {
  /**
   * Stores a delivery not seen before under a freshly drawn id, together with the others waiting, and
   * resolves once it is committed: with its id, or undefined when nothing of it was written because the
   * same bytes or external id (or the drawn id) were already stored.
   */
  storeNew(delivery: Omit<TNewDelivery, 'id'>): Promise<string | undefined>
}

type TWaiting = {
  delivery: Omit<TNewDelivery, 'id'>
  resolve(id: string | undefined): void
  reject(error: unknown): void
}

/**
 * Group commit for the inbound store: deliveries arriving in one turn of the event loop, or while the
 * previous group's statement is under way, are committed by one statement (one round trip and one commit
 * for all of them) instead of one each. One group is written at a time; what arrives meanwhile forms the
 * next, so under load the groups grow instead of queueing. If a group's statement fails, its deliveries
 * are stored one by one, so one bad delivery (or a mailbox deleted meanwhile) fails only itself.
 */
export function createInboundGroupCommit(options: {
  db: TQueryable
  limits?: TGroupLimits
}): TInboundGroupCommit {
  const { db } = options
  const limits = options.limits ?? DEFAULT_GROUP_LIMITS
  const waiting: TWaiting[] = []
  let writing = false

  /** The oldest waiting deliveries that fit the limits; always at least one. */
  const takeGroup = (): TWaiting[] => {
    const group: TWaiting[] = []
    let bytes = 0
    for (const next of waiting) {
      const size = next.delivery.raw.byteLength
      if (group.length > 0 && (group.length >= limits.maxDeliveries || bytes + size > limits.maxBytes)) break
      group.push(next)
      bytes += size
    }
    waiting.splice(0, group.length)
    return group
  }

  const writeWaiting = async () => {
    if (writing || waiting.length === 0) return
    writing = true
    try {
      await writeGroup(db, takeGroup())
    } finally {
      writing = false
      void writeWaiting()
    }
  }

  return {
    storeNew(delivery) {
      return new Promise((resolve, reject) => {
        waiting.push({ delivery, resolve, reject })
        if (waiting.length === 1 && !writing) setImmediate(() => void writeWaiting())
      })
    },
  }
}

async function writeGroup(db: TQueryable, group: TWaiting[]): Promise<void> {
  // Ids differ within a group, as the statement answers with the ids it stored; a clash with a stored
  // id is a conflict the caller resolves by drawing again.
  const ids = new Set<string>()
  const members = group.map((waiting) => {
    let id = newInboundId()
    while (ids.has(id)) id = newInboundId()
    ids.add(id)
    return { waiting, delivery: { ...waiting.delivery, id } }
  })
  if (members.length > 1) {
    try {
      const stored = await insertNewDeliveries(
        db,
        members.map((member) => member.delivery),
      )
      for (const { waiting, delivery } of members) {
        waiting.resolve(stored.has(delivery.id) ? delivery.id : undefined)
      }
      return
    } catch {
      // Nothing of the group was written: stored one by one below, each succeeds or fails on its own.
    }
  }
  await Promise.all(
    members.map(async ({ waiting, delivery }) => {
      try {
        waiting.resolve(await insertNewDelivery(db, delivery))
      } catch (error) {
        waiting.reject(error)
      }
    }),
  )
}
