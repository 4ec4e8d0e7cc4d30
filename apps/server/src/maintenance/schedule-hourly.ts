const EVERY_MS = 60 * 60_000

/**
 * Runs `task` at start and then hourly, one run at a time (the worker role runs the maintenance tasks:
 * every process may, none must); the timer never keeps the process alive on its own. Stopping waits for a
 * run under way.
 */
export function scheduleHourly(
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running = task().catch(onError)
  const timer = setInterval(() => {
    running = running.then(task).catch(onError)
  }, EVERY_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
