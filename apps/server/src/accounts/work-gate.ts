import { AppError } from '../core/app-error'

export type TWorkGate = { run<T>(key: string, work: () => Promise<T>): Promise<T> }

/**
 * At most `concurrency` pieces of work at once, `queueLength` more waiting, and the rest refused at once
 * (429) before they cost anything. Password hashing holds a thread of libuv's pool and 19 MiB for tens
 * of milliseconds, and each attempt costs database round trips (on PGlite, time on this very thread):
 * unbounded, 400 sign-ins at once starved everything else of the server.
 *
 * Each `key` (a client's network, `clientNetwork`: an IPv4 address or an IPv6 /64) holds at most `perKey` of those places, running or waiting, and the line
 * is served key by key in turn: one address looping sign-ins cannot fill the gate and turn everyone else
 * away as busy, nor make them wait behind its whole backlog.
 */
export function createWorkGate(options: {
  concurrency: number
  queueLength: number
  perKey: number
  busyMessage: string
}): TWorkGate {
  let running = 0
  let waitingCount = 0
  const heldBy = new Map<string, number>()
  // Keys with someone waiting, in turn order, each with its own line.
  const lines = new Map<string, (() => void)[]>()

  // A finishing piece of work hands its place straight to the next in turn, so none can slip in between.
  function handOver() {
    const next = lines.entries().next()
    if (next.done) {
      running -= 1
      return
    }
    const [key, line] = next.value
    const successor = line.shift()
    lines.delete(key)
    // To the back of the turn order, so every other waiting key is served before this one again.
    if (line.length > 0) lines.set(key, line)
    waitingCount -= 1
    successor?.()
  }

  return {
    async run(key, work) {
      const held = heldBy.get(key) ?? 0
      const mayRun = running < options.concurrency
      if (held >= options.perKey || (!mayRun && waitingCount >= options.queueLength)) {
        throw AppError.rateLimited(options.busyMessage)
      }
      heldBy.set(key, held + 1)
      if (mayRun) running += 1
      else {
        waitingCount += 1
        await new Promise<void>((resolve) => {
          const line = lines.get(key)
          if (line) line.push(resolve)
          else lines.set(key, [resolve])
        })
      }
      try {
        return await work()
      } finally {
        const left = (heldBy.get(key) ?? 1) - 1
        if (left > 0) heldBy.set(key, left)
        else heldBy.delete(key)
        handOver()
      }
    },
  }
}
