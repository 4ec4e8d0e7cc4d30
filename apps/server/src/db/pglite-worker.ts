// The embedded database's own thread (decision 034): PGlite's engine, its protocol layer and its file
// syncs run here, so the server's event loop keeps answering SMTP and HTTP while a statement runs.
// pglite-thread.ts starts it and is the only one that talks to it.
import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { createPglite, type TPgliteOptions } from './pglite-engine'

export type TPgliteWorkerData = { dataDir: string | undefined; options: TPgliteOptions }

export type TPgliteRequest = { id: number } & (
  | { op: 'query'; sql: string; params: readonly unknown[] | undefined }
  | { op: 'exec' | 'execInTransaction'; sql: string }
  | { op: 'dumpDataDir' | 'close' }
)

export type TRows = { rows: unknown[]; affectedRows?: number }

/** An error as plain data: a cloned Error keeps only its message, and callers read Postgres's fields. */
export type TErrorData = { name: string; message: string; stack?: string; fields: Record<string, unknown> }

export type TPgliteReply =
  | { id: number; result: unknown }
  | { id: number; error: TErrorData }
  | { ready: true }
  | { startFailed: TErrorData }

export function errorData(error: unknown): TErrorData {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'object' || typeof value === 'function') continue
    fields[key] = value
  }
  return { name: error.name, message: error.message, stack: error.stack, fields }
}

/**
 * A bytea value PGlite's parser made with a buffer of its own (over 4 KB, outside Node's pool): moved to
 * the server's thread instead of copied, as nothing here reads it again.
 */
function ownBuffers(rows: unknown[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = []
  const take = (value: unknown) => {
    if (
      value instanceof Uint8Array &&
      value.byteOffset === 0 &&
      value.buffer instanceof ArrayBuffer &&
      value.byteLength === value.buffer.byteLength &&
      value.byteLength > 4096 &&
      !buffers.includes(value.buffer)
    ) {
      buffers.push(value.buffer)
    }
  }
  for (const row of rows) {
    for (const value of Object.values(row as Record<string, unknown>)) {
      if (Array.isArray(value)) value.forEach(take)
      else take(value)
    }
  }
  return buffers
}

const rowsOnly = (results: { rows: unknown[] }[]): TRows[] => results.map(({ rows }) => ({ rows }))

async function serve(pglite: PGlite, port: NonNullable<typeof parentPort>) {
  const run = async (request: TPgliteRequest): Promise<[unknown, ArrayBuffer[]]> => {
    switch (request.op) {
      case 'query': {
        const result = await pglite.query(request.sql, request.params as unknown[] | undefined)
        return [{ rows: result.rows, affectedRows: result.affectedRows }, ownBuffers(result.rows)]
      }
      case 'exec':
        return [rowsOnly(await pglite.exec(request.sql)), []]
      case 'execInTransaction':
        return [rowsOnly(await pglite.transaction((tx) => tx.exec(request.sql))), []]
      case 'dumpDataDir': {
        // Every page written out first: a restored copy then has little write-ahead log to replay.
        await pglite.query('checkpoint')
        const dump = await (await pglite.dumpDataDir('gzip')).arrayBuffer()
        return [dump, [dump]]
      }
      case 'close':
        await pglite.close()
        return [undefined, []]
    }
  }
  port.on('message', (request: TPgliteRequest) => {
    run(request).then(
      ([result, transfer]) => port.postMessage({ id: request.id, result } satisfies TPgliteReply, transfer),
      (error: unknown) =>
        port.postMessage({ id: request.id, error: errorData(error) } satisfies TPgliteReply),
    )
  })
}

if (parentPort) {
  const port = parentPort
  const { dataDir, options } = workerData as TPgliteWorkerData
  createPglite(dataDir, options).then(
    (pglite) => {
      void serve(pglite, port)
      port.postMessage({ ready: true } satisfies TPgliteReply)
    },
    (error: unknown) => port.postMessage({ startFailed: errorData(error) } satisfies TPgliteReply),
  )
}
