import pg from 'pg'
import type { TLog } from '../core/logger'

/** Postgres channel on which an enqueue names its queue, for workers in other processes. */
export const JOB_WAKE_CHANNEL = 'parsedesk_jobs'
const RECONNECT_DELAY_MS = 1000

/**
 * Lets this process's workers hear of jobs enqueued by another process (e.g. the smtp role's ingest
 * jobs) at once instead of at their next poll. A lost connection is opened again after a pause;
 * meanwhile pg-boss's polling still finds every job, only later.
 */
export function listenForJobWakes(options: {
  connectionString: string
  onWake(queueName: string): void
  log: TLog
}): { stop(): Promise<void> } {
  let client: pg.Client | undefined
  let timer: NodeJS.Timeout | undefined
  let isStopped = false

  const retry = () => {
    if (isStopped || timer) return
    timer = setTimeout(() => {
      timer = undefined
      connect().catch((error: unknown) => {
        options.log('job wake listener could not connect', error)
        retry()
      })
    }, RECONNECT_DELAY_MS)
  }
  const lose = (lost: pg.Client, error?: unknown) => {
    if (lost !== client) return
    client = undefined
    lost.end().catch(() => undefined)
    if (isStopped) return
    options.log('job wake listener lost its connection, reconnecting', error)
    retry()
  }
  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'parsedesk-jobs-wake',
    })
    next.on('notification', (message) => {
      if (message.channel === JOB_WAKE_CHANNEL && message.payload) options.onWake(message.payload)
    })
    next.on('error', (error) => lose(next, error))
    next.on('end', () => lose(next))
    try {
      await next.connect()
      await next.query(`listen ${JOB_WAKE_CHANNEL}`)
    } catch (error) {
      next.end().catch(() => undefined)
      throw error
    }
    if (isStopped) {
      await next.end()
      return
    }
    client = next
  }

  connect().catch((error: unknown) => {
    options.log('job wake listener could not connect', error)
    retry()
  })
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
    },
  }
}
