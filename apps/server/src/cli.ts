import { runAdminCli } from './admin/admin-cli'
import { ADMIN_USAGE, AdminError, AdminUsageError } from './admin/admin-command'
import { BackupError } from './backup/backup'
import { runBackupCommand, runRestoreCommand } from './backup/backup-commands'
import { DataDirError } from './backup/data-dir-socket'
import { ConfigError, loadConfig, parseRoles, type TConfig } from './config/config'
import { createLogger } from './core/logger'
import { installProcessPolicy } from './core/process-policy'
import { JOB_DEFINITIONS } from './job-registry'
import type { TRunningServer, TStartServerOptions } from './server'

// Attachments, raw mail, the embedded database and the secret key are the owner's alone: files 0600,
// folders 0700, whatever the shell's umask.
const PRIVATE_FILES_UMASK = 0o077
const STOP_DEADLINE_MS = 9_000

// `main.js backup [FOLDER]`, `main.js restore FOLDER` and `main.js admin COMMAND` (npm run backup / restore
// / admin): one bundle serves the server and the commands an operator runs beside it, where no TypeScript
// tooling is installed.
const COMMANDS: Record<string, (config: TConfig, args: string[]) => Promise<string>> = {
  backup: runBackupCommand,
  restore: runRestoreCommand,
  admin: (config, args) => runAdminCli(config, args, JOB_DEFINITIONS),
}
// What `admin` exits with when its command line is wrong, as shells and getopt do.
const USAGE_EXIT_CODE = 2

/**
 * The server process or an operator's command, from the command line (main.ts). `hooks` reach startServer:
 * a test's entry point (testing/) passes its own, production passes none.
 */
export function runCli(hooks: Pick<TStartServerOptions, 'wrapAnalyser'> = {}) {
  run(hooks).catch(exitOnStartFailure)
}

async function run(hooks: Pick<TStartServerOptions, 'wrapAnalyser'>) {
  process.umask(PRIVATE_FILES_UMASK)
  const config = loadConfig()
  const [first = '', ...rest] = process.argv.slice(2)
  if (Object.hasOwn(COMMANDS, first)) {
    console.log(await COMMANDS[first]?.(config, rest))
    process.exit(0)
  }
  const roles = parseRoles(process.argv.slice(2))
  const log = createLogger(config.logLevel)
  let server: TRunningServer | undefined
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= server?.close() ?? Promise.resolve()
    return stopping
  }
  installProcessPolicy({ log, shutdown: stop })
  // Loaded only to serve: an operator's command (admin, backup) starts faster without the server's modules.
  const { startServer } = await import('./server')
  server = await startServer({ config, roles, logger: log, ...hooks })
  const shown = [...roles].join(', ')
  // From the process's start: every role answers by now (the http role's /v1/ping among them).
  const readyMs = Math.round(performance.now())
  console.log(
    `Parsedesk ${shown} listening${server.url ? ` at ${config.publicUrl}` : ''}${roles.has('smtp') ? `, SMTP on port ${server.smtpPort}` : ''} (database: ${server.db.kind})${server.metricsUrl ? `, metrics at ${server.metricsUrl}/metrics` : ''}, ready in ${readyMs} ms`,
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log.info(`${signal} received, shutting down`)
      // Each part's drain is bounded (SMTP 5 s, jobs 7 s); this catches whatever still hangs, before the
      // runtime's own kill 10 s after SIGTERM. Work cut off here is retried: nothing unacknowledged is lost.
      const deadline = setTimeout(() => {
        log.error(`still stopping ${STOP_DEADLINE_MS} ms after ${signal}: exiting with work in flight`)
        process.exit(1)
      }, STOP_DEADLINE_MS)
      deadline.unref()
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'stopping failed')
          process.exit(1)
        },
      )
    })
  }
}

function exitOnStartFailure(error: unknown): never {
  if (error instanceof AdminUsageError) {
    console.error(`${error.message}\n\n${ADMIN_USAGE}`)
    process.exit(USAGE_EXIT_CODE)
  }
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(problem)
  } else if (error instanceof BackupError || error instanceof DataDirError || error instanceof AdminError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
}
