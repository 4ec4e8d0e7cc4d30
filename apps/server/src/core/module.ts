/** One thing the process needs to do its work; resolves with what is wrong, or undefined when all is well. */
export type THealthCheck = { name: string; problem(): Promise<string | undefined> }

/**
 * What a module started for the process's roles, by how server.ts stops it: `intake` takes work from
 * outside (listeners), `work` runs it (the worker, sweepers, pollers); both stop side by side, each bounded,
 * and only then the `infrastructure` they used.
 */
export type TStarted = {
  intake?(): Promise<void>
  work?(): Promise<void>
  infrastructure?(): Promise<void>
  /** Read by /health/ready from now on. */
  healthChecks?: readonly THealthCheck[]
}

/**
 * Stops what was started, in reverse. First, side by side, the listeners stop taking connections and let
 * the requests and SMTP sessions under way finish, while the work stops (pollers and sweepers, the worker,
 * last the queue, which lets its runs finish); each drain is bounded (SMTP 5 s then 421, jobs STOP_GRACE_MS
 * then handed back), so the two overlap rather than add up within the 10 s a supervisor gives. Only then
 * the infrastructure they all used.
 */
export async function stopInReverse(stops: readonly TStarted[]) {
  const reversed = [...stops].reverse()
  const stopWork = async () => {
    for (const started of reversed) await started.work?.()
  }
  await Promise.all([...reversed.map((started) => started.intake?.()), stopWork()])
  for (const started of reversed) await started.infrastructure?.()
}
