import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

/**
 * DATA_DIR/parsedesk.sock: the process that has the embedded database open listens here. PGlite must
 * never be opened by two processes, so a process that finds it answering leaves the database alone, and
 * asks that process (a backup) instead. DATA_DIR is 0700: only the server's own user (and root) reach it.
 */
export function dataDirSocket(dataDir: string): string {
  const file = path.join(dataDir, 'parsedesk.sock')
  // Linux keeps 107 bytes of a socket's path, and Node cuts a longer one short without a word: the socket
  // would land beside DATA_DIR under another name.
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES)
    throw new DataDirError(
      `DATA_DIR is too long for its socket (${file}, at most ${MAX_SOCKET_PATH_BYTES} bytes): choose a shorter path`,
    )
  return file
}

const MAX_SOCKET_PATH_BYTES = 107

/** DATA_DIR cannot be used: the message says why, for an operator. */
export class DataDirError extends Error {}

export class DataDirInUseError extends DataDirError {
  constructor(dataDir: string) {
    super(
      `another Parsedesk process has ${dataDir} open (its ${path.basename(dataDirSocket(dataDir))} answers)`,
    )
  }
}

export type TDataDirClaim = { close(): Promise<void> }

/** Listens on the socket, or throws DataDirInUseError when another process does; a stale one is replaced. */
export async function claimDataDir(dataDir: string, handler: http.RequestListener): Promise<TDataDirClaim> {
  const file = dataDirSocket(dataDir)
  const server = http.createServer(handler)
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(file, () => {
        server.off('error', reject)
        resolve()
      })
    })
  try {
    await listen()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    if ((await askDataDir(dataDir, { method: 'GET', path: '/' })) !== undefined)
      throw new DataDirInUseError(dataDir)
    // Left by a process that died: nobody listens on it.
    fs.rmSync(file, { force: true })
    await listen()
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      }),
  }
}

export type TDataDirAnswer = { status: number; body: unknown }

/** A request to the process holding DATA_DIR; undefined when none listens. */
export function askDataDir(
  dataDir: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
): Promise<TDataDirAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { socketPath: dataDirSocket(dataDir), method: request.method, path: request.path, agent: false },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined })
        })
        response.on('error', reject)
      },
    )
    sent.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined)
      else reject(error)
    })
    if (request.body !== undefined) sent.setHeader('content-type', 'application/json')
    sent.end(request.body === undefined ? undefined : JSON.stringify(request.body))
  })
}
