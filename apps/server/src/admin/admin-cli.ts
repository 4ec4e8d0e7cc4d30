import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { askDataDir, claimDataDir } from '../backup/data-dir-socket'
import type { TConfig } from '../config/config'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import { pendingMigrations } from '../db/migrate'
import { openPgliteDatabase } from '../db/pglite-database'
import { openPostgresDatabase } from '../db/postgres-database'
import type { TAnyJobDefinition } from '../jobs/job-definition'
import { startJobQueue } from '../jobs/job-queue'
import { openEventBus } from '../realtime/open-event-bus'
import { runAdminCommand, type TAdminContext } from './admin-actions'
import {
  ADMIN_USAGE,
  AdminError,
  AdminUsageError,
  checkAdminCommand,
  parseAdminArgs,
  type TAdminCommand,
} from './admin-command'

/** Where the process holding DATA_DIR takes admin commands on its socket. */
export const ADMIN_PATH = '/admin'

// A command is a few hundred bytes; a bigger body is not one.
const MAX_BODY_BYTES = 64 * 1024

function answer(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/**
 * `POST /admin {command}` on DATA_DIR's socket: the running server checks the command again and runs it
 * with its own database and queue, as the only process that may open PGlite. The body may hold a
 * password: it is never logged.
 */
export function adminRequests(options: {
  context: () => TAdminContext | undefined
  log: TLog
}): http.RequestListener {
  return (request, response) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on('end', async () => {
      const context = options.context()
      if (!context) return answer(response, 503, { message: 'the server is still starting: try again' })
      if (request.method !== 'POST' || size > MAX_BODY_BYTES)
        return answer(response, 400, { message: 'POST one command of at most 64 KB' })
      try {
        const command = checkAdminCommand(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        answer(response, 200, { output: await runAdminCommand(context, command) })
      } catch (error) {
        if (error instanceof AdminError || error instanceof AdminUsageError || error instanceof SyntaxError)
          return answer(response, 400, { message: error.message, usage: error instanceof AdminUsageError })
        options.log('an admin command failed', error)
        answer(response, 500, { message: error instanceof Error ? error.message : String(error) })
      }
    })
  }
}

/** Reads the password from standard input: typed without echo on a terminal, else everything piped in. */
async function readPassword(): Promise<string> {
  const { stdin, stderr } = process
  if (!stdin.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '')
  }
  // Echo off before the prompt shows: what is typed (or pasted) the moment it appears must not be echoed.
  stdin.setRawMode(true)
  stderr.write('Password: ')
  stdin.setEncoding('utf8')
  let typed = ''
  try {
    for await (const chunk of stdin) {
      for (const char of chunk as string) {
        if (char === '\r' || char === '\n') return typed
        if (char === '\u0003') throw new AdminUsageError('cancelled')
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1)
        else typed += char
      }
    }
    return typed
  } finally {
    stdin.setRawMode(false)
    stdin.pause()
    stderr.write('\n')
  }
}

const busy: http.RequestListener = (_request, response) =>
  answer(response, 409, { message: 'an admin command is under way' })

async function withOwnParts(
  config: TConfig,
  definitions: readonly TAnyJobDefinition[],
  db: TDatabase,
  command: TAdminCommand,
): Promise<string> {
  const pending = await pendingMigrations(db)
  if (pending.length > 0)
    throw new AdminError(
      `the database lacks ${pending.length} migration(s) of this version (${pending[0]}...): start the server of this version once, which applies them`,
    )
  const log: TLog = (message, error) =>
    console.error(error instanceof Error ? `${message}: ${error.message}` : message)
  const bus = await openEventBus({ databaseUrl: config.databaseUrl, db, log })
  // Enqueues only: the workers of the running servers (or the next to start) do the work.
  const queue = await startJobQueue({
    db,
    databaseUrl: config.databaseUrl,
    definitions,
    isSupervisor: false,
    log,
  })
  try {
    return await runAdminCommand({ config, db, queue, bus, log }, command)
  } finally {
    await queue.stop()
    await bus.close()
  }
}

/**
 * `admin <command>`: on PGlite, sent to the server holding DATA_DIR when one answers on its socket, else
 * run here with DATA_DIR held meanwhile (no server opens the database under it); on PostgreSQL, run here
 * beside any servers.
 */
export async function runAdminCli(
  config: TConfig,
  args: string[],
  definitions: readonly TAnyJobDefinition[],
): Promise<string> {
  if (args[0] === 'help' || args[0] === '--help') return ADMIN_USAGE
  const parsed = parseAdminArgs(args)
  const password = parsed.needsPassword ? { password: await readPassword() } : {}
  const command = checkAdminCommand({ ...parsed.input, ...password })
  if (config.databaseUrl) {
    const db = await openPostgresDatabase(config.databaseUrl, { max: 2 })
    try {
      return await withOwnParts(config, definitions, db, command)
    } finally {
      await db.close()
    }
  }
  const asked = await askDataDir(config.dataDir, { method: 'POST', path: ADMIN_PATH, body: command })
  if (asked) {
    const body = asked.body as { output?: string; message?: string; usage?: boolean }
    if (asked.status === 200 && typeof body.output === 'string') return body.output
    if (body.usage) throw new AdminUsageError(String(body.message))
    throw new AdminError(`the running server: ${body.message ?? `answered ${asked.status}`}`)
  }
  const pgliteDir = path.join(config.dataDir, 'pglite')
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new AdminError(`${config.dataDir} holds no database: start the server once to create it`)
  const claim = await claimDataDir(config.dataDir, busy)
  try {
    const db = await openPgliteDatabase(pgliteDir)
    try {
      return await withOwnParts(config, definitions, db, command)
    } finally {
      await db.close()
    }
  } finally {
    await claim.close()
  }
}
