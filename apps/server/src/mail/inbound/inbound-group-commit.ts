import type { TQueryable } from '../../db/database'
import { createGroupCommit, type TGroupLimits } from '../../db/group-commit'
import {
  insertNewDeliveries,
  insertNewDelivery,
  newInboundId,
  type TNewDelivery,
  type TWake,
} from './inbound-repository'

// A few MB per statement: big enough that a burst of ordinary mail (~20 KB each) commits together,
// small enough that one statement never holds hundreds of MB of parameters. Sizes are bytes of raw mail.
export const DEFAULT_GROUP_LIMITS: TGroupLimits = { maxSize: 4 * 1024 * 1024, maxItems: 64 }

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
 * Group commit for the inbound store (db/group-commit.ts): deliveries arriving together are committed by
 * one statement instead of one each. If a group's statement fails, its deliveries are stored one by one,
 * so one bad delivery (or a mailbox deleted meanwhile) fails only itself.
 */
export function createInboundGroupCommit(options: {
  db: TQueryable
  limits?: TGroupLimits
  log?: (message: string, error?: unknown) => void
  /** Sent once per group that stored something, as it commits: workers in other processes claim it now. */
  wake?: TWake
}): TInboundGroupCommit {
  const group = createGroupCommit<TWaiting>({
    limits: options.limits ?? DEFAULT_GROUP_LIMITS,
    sizeOf: (waiting) => waiting.delivery.raw.byteLength,
    write: (members) => writeGroup(options, members),
  })
  return {
    storeNew(delivery) {
      return new Promise((resolve, reject) => group.add({ delivery, resolve, reject }))
    },
  }
}

async function writeGroup(
  options: { db: TQueryable; log?: (message: string, error?: unknown) => void; wake?: TWake },
  group: TWaiting[],
): Promise<void> {
  const { db, log, wake } = options
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
        { wake },
      )
      for (const { waiting, delivery } of members) {
        waiting.resolve(stored.has(delivery.id) ? delivery.id : undefined)
      }
      return
    } catch (error) {
      // Nothing of the group was written: stored one by one below, each succeeds or fails on its own.
      log?.(`a group of ${members.length} deliveries failed; storing them one by one`, error)
    }
  }
  await Promise.all(
    members.map(async ({ waiting, delivery }) => {
      try {
        waiting.resolve(await insertNewDelivery(db, delivery, { wake }))
      } catch (error) {
        waiting.reject(error)
      }
    }),
  )
}
