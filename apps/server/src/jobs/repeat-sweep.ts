import type { TLog } from '../core/logger'

export type TRepeatingSweep = { stop(): Promise<void> }

/**
 * Runs `sweep` at once and then `intervalSeconds` after each run ends, never two at a time, until
 * stopped; `stop` waits for a run under way. A failed run is logged as "<what> failed" and the next one
 * still comes: a sweep exists to repair what was left behind, so it must outlive a bad moment.
 */
export function repeatSweep(options: {
  what: string
  intervalSeconds: number
  sweep: () => Promise<void>
  log: TLog
}): TRepeatingSweep {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let isStopped = false
  const run = () => {
    running = options
      .sweep()
      .catch((error: unknown) => options.log(`${options.what} failed`, error))
      .finally(() => {
        if (!isStopped) timer = setTimeout(run, options.intervalSeconds * 1000)
      })
  }
  run()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      await running
    },
  }
}
