import { AppError } from '../core/app-error'

export type TWorkGate = { run<T>(work: () => Promise<T>): Promise<T> }

/**
 * At most `concurrency` pieces of work at once, `queueLength` more waiting, and the rest refused at once
 * (429) before they cost anything. Password hashing holds a thread of libuv's pool and 19 MiB for tens
 * of milliseconds, and each attempt costs database round trips (on PGlite, time on this very thread):
 * unbounded, 400 sign-ins at once starved everything else of the server.
 */
export function createWorkGate(options: {
  concurrency: number
  queueLength: number
  busyMessage: string
}): TWorkGate {
  let running = 0
  // A finishing piece of work hands its place straight to the next in line, so none can slip in between.
  const waiting: (() => void)[] = []
  return {
    async run(work) {
      if (running < options.concurrency) running += 1
      else if (waiting.length < options.queueLength)
        await new Promise<void>((resolve) => waiting.push(resolve))
      else throw AppError.rateLimited(options.busyMessage)
      try {
        return await work()
      } finally {
        const successor = waiting.shift()
        if (successor) successor()
        else running -= 1
      }
    },
  }
}
