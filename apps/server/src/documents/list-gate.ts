import { QueryLimits, QueryMessages } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'

export type TListGate = {
  /** Runs one of `userId`'s lists, once a place is free; refuses it (429) when too many are waiting. */
  run<T>(userId: string, work: () => Promise<T>): Promise<T>
}

type TUserLists = { running: number; waiting: (() => void)[] }

/**
 * A few lists per user at once, more waiting, the rest refused before they reach the database. Fewer at
 * once than the Postgres pool holds connections, so one user firing lists in a loop never holds them
 * all and another user's list finds one free (it waited 9.8 s behind such a user).
 */
export function createListGate(
  limits: { atOnce: number; waiting: number } = {
    atOnce: QueryLimits.listsAtOncePerUser,
    waiting: QueryLimits.listsWaitingPerUser,
  },
): TListGate {
  const users = new Map<string, TUserLists>()
  return {
    async run(userId, work) {
      const lists = users.get(userId) ?? { running: 0, waiting: [] }
      users.set(userId, lists)
      if (lists.running < limits.atOnce) lists.running += 1
      else if (lists.waiting.length < limits.waiting)
        await new Promise<void>((resolve) => lists.waiting.push(resolve))
      else throw AppError.rateLimited(QueryMessages.busyLists)
      try {
        return await work()
      } finally {
        // A finished list hands its place straight to the next in line, so none can slip in between.
        const next = lists.waiting.shift()
        if (next) next()
        else if (--lists.running === 0) users.delete(userId)
      }
    },
  }
}
