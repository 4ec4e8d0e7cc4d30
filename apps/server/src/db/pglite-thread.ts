import { Worker } from 'node:worker_threads'
import type { TDatabase, TQueryResult, TTransaction } from './database'
import type { TPgliteOptions } from './pglite-engine'
import type { TPgliteSession } from './pglite-session'
import type { TErrorData, TPgliteReply, TPgliteRequest, TPgliteWorkerData, TRows } from './pglite-worker'
import { toStorableParam } from './storable-text'

/** Every call after the database's thread stopped without being closed fails with this. */
export class DatabaseThreadError extends Error {}

export type TPgliteThreadOptions = TPgliteOptions & {
  /** The thread stopped without being closed (a crash in the engine, out of memory): nothing more will run. */
  onDeath?(error: Error): void
}

type TRequestBody = TPgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

/**
 * The worker's code, beside this module: JavaScript in the bundle (scripts/build.mjs builds it beside
 * main.js); on the TypeScript sources (tsx, Vitest) an entry that loads them through tsx.
 */
export function startPgliteWorker(dataDir: string | undefined, options: TPgliteOptions = {}): Worker {
  const workerData: TPgliteWorkerData = { dataDir, options: { sync: options.sync } }
  const fromSources = import.meta.url.endsWith('.ts')
  const entry = fromSources ? './pglite-worker-sources.mjs' : './pglite-worker.js'
  return new Worker(new URL(entry, import.meta.url), { workerData })
}

/** An error of the database's thread as the server's code reads it: message, Postgres's code, detail... */
function rebuildError(data: TErrorData): Error {
  const error = Object.assign(new Error(data.message), data.fields)
  error.name = data.name
  if (data.stack) error.stack = `${data.stack}\n    (in the database thread)`
  return error
}

/** A row as Postgres's driver gives it: bytea values (cloned as Uint8Array) are Buffers again. */
function asBuffers(rows: unknown[]): void {
  const fix = (value: unknown) =>
    value instanceof Uint8Array && !Buffer.isBuffer(value)
      ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      : value
  for (const row of rows as Record<string, unknown>[]) {
    for (const key in row) {
      const value = row[key]
      if (Array.isArray(value)) row[key] = value.map(fix)
      else if (value instanceof Uint8Array) row[key] = fix(value)
    }
  }
}

/**
 * PGlite in a thread of its own (decision 034): the same TDatabase, each call a message to the thread.
 * Statements run one at a time in the order they were sent, as on PGlite's own single session. A
 * transaction holds a lock on this side from BEGIN to COMMIT or ROLLBACK: statements of others sent
 * meanwhile wait for it, as they waited for PGlite's mutex when it ran here.
 */
export function openPgliteThread(
  dataDir: string | undefined,
  options: TPgliteThreadOptions = {},
): Promise<TDatabase & { session: TPgliteSession }> {
  return connectPgliteWorker(startPgliteWorker(dataDir, options), options)
}

/** The database of a worker startPgliteWorker started, once PGlite is open there. */
export async function connectPgliteWorker(
  worker: Worker,
  options: Pick<TPgliteThreadOptions, 'onDeath'> = {},
): Promise<TDatabase & { session: TPgliteSession }> {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  let closing = false
  let death: Error | undefined

  const die = (error: Error) => {
    if (death) return
    death = new DatabaseThreadError(`the database thread stopped: ${error.message}`, { cause: error })
    for (const call of pending.values()) call.reject(death)
    pending.clear()
    options.onDeath?.(death)
  }

  await new Promise<void>((resolve, reject) => {
    const onStart = (reply: TPgliteReply) => {
      if ('ready' in reply) settle()
      else if ('startFailed' in reply) settle(rebuildError(reply.startFailed))
    }
    const onExit = (code: number) => settle(new DatabaseThreadError(`the database thread exited (${code})`))
    const settle = (error?: Error) => {
      worker.off('message', onStart).off('error', settle).off('exit', onExit)
      if (!error) return resolve()
      void worker.terminate()
      reject(error)
    }
    worker.on('message', onStart).on('error', settle).on('exit', onExit)
  })
  worker.on('message', (reply: TPgliteReply) => {
    if (!('id' in reply)) return
    const call = pending.get(reply.id)
    pending.delete(reply.id)
    if ('error' in reply) call?.reject(rebuildError(reply.error))
    else call?.resolve(reply.result)
  })
  worker.on('error', die)
  worker.on('exit', (code) => {
    if (!closing) die(new Error(`exited with code ${code}`))
  })

  const send = <T>(request: TRequestBody): Promise<T> => {
    if (death) return Promise.reject(death)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      // A parameter that cannot be cloned (a function, a class's private state) fails here, sending nothing.
      worker.postMessage({ ...request, id })
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
    })
  }

  // The transaction lock: `held` is the release of the latest holder or waiter, `waiting` how many there are.
  let held: Promise<void> = Promise.resolve()
  let waiting = 0
  const lock = async (): Promise<() => void> => {
    waiting += 1
    const before = held
    let release!: () => void
    held = new Promise<void>((resolve) => {
      release = () => {
        waiting -= 1
        resolve()
      }
    })
    await before
    return release
  }
  /** A statement outside any transaction: sent at once unless a transaction holds or awaits the lock. */
  const outside = async <T>(request: TRequestBody): Promise<T> => {
    if (waiting === 0) return send<T>(request)
    const release = await lock()
    const result = send<T>(request)
    release()
    return result
  }

  const runQuery = async <Row>(
    post: (request: TRequestBody) => Promise<TRows>,
    sql: string,
    params?: readonly unknown[],
  ): Promise<TQueryResult<Row>> => {
    const result = await post({ op: 'query', sql, params: params?.map(toStorableParam) })
    asBuffers(result.rows)
    return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length }
  }

  return {
    kind: 'pglite',
    query: (sql, params) => runQuery(outside, sql, params),
    async transaction<T>(fn: (tx: TTransaction) => Promise<T>): Promise<T> {
      const release = await lock()
      try {
        await send({ op: 'query', sql: 'begin', params: undefined })
        let result: T
        try {
          result = await fn({ query: (sql, params) => runQuery(send, sql, params), inTransaction: true })
        } catch (error) {
          await send({ op: 'query', sql: 'rollback', params: undefined })
          throw error
        }
        await send({ op: 'query', sql: 'commit', params: undefined })
        return result
      } finally {
        release()
      }
    },
    exec: async (sql) => {
      await outside({ op: 'exec', sql })
    },
    async close() {
      if (death) return
      await outside({ op: 'close' })
      closing = true
      await worker.terminate()
    },
    async dumpDataDir() {
      return new Blob([await outside<ArrayBuffer>({ op: 'dumpDataDir' })])
    },
    session: {
      query: (sql, params) => outside({ op: 'query', sql, params }),
      exec: (sql) => outside({ op: 'exec', sql }),
      execInTransaction: (sql) => outside({ op: 'execInTransaction', sql }),
    },
  }
}
