import type { TQueryable } from '../db/database'

// pg-boss 10 (pinned) keeps every queue's live and recently finished jobs in pgboss.job; its API has no
// lookup by singleton key, so the sweeper reads the table directly.
export const LIVE_JOB_STATES = new Set(['created', 'retry', 'active'])

export type TQueuedJob = {
  id: string
  singletonKey: string
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed'
  retryCount: number
  output: unknown
}

/** The newest job of `queue` for each key that has one. */
export async function findLatestJobs(options: {
  db: TQueryable
  queue: string
  keys: string[]
}): Promise<Map<string, TQueuedJob>> {
  if (options.keys.length === 0) return new Map()
  const { rows } = await options.db.query<TQueuedJob>(
    `select distinct on (singleton_key) id, singleton_key as "singletonKey", state::text as state,
       retry_count as "retryCount", output
     from pgboss.job
     where name = $1 and singleton_key = any($2::text[])
     order by singleton_key, created_on desc`,
    [options.queue, options.keys],
  )
  return new Map(rows.map((row) => [row.singletonKey, row]))
}

/** The jobs of `queue` with these ids, those that are still kept. */
export async function findJobsById(options: {
  db: TQueryable
  queue: string
  ids: string[]
}): Promise<Map<string, TQueuedJob>> {
  if (options.ids.length === 0) return new Map()
  const { rows } = await options.db.query<TQueuedJob>(
    `select id::text as id, singleton_key as "singletonKey", state::text as state,
       retry_count as "retryCount", output
     from pgboss.job
     where name = $1 and id = any($2::uuid[])`,
    [options.queue, options.ids],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/** Ids of the jobs of `queue` that some worker has started and not finished. */
export async function findActiveJobIds(options: { db: TQueryable; queue: string }): Promise<string[]> {
  const { rows } = await options.db.query<{ id: string }>(
    `select id from pgboss.job where name = $1 and state = 'active'`,
    [options.queue],
  )
  return rows.map((row) => row.id)
}

/** The words a failed job left behind: our handler's error, or pg-boss's note on a lost run. */
export function jobFailureMessage(output: unknown): string {
  const value = output && typeof output === 'object' && 'value' in output ? output.value : output
  if (typeof value === 'string' && value) return value
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return value.message
  }
  return 'the job failed without a message'
}
