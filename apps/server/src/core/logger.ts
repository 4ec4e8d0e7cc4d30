import pino from 'pino'

export type TLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/** Where a part of the server reports what went wrong outside any request: a warning, with the error. */
export type TLog = (message: string, error?: unknown) => void

/**
 * An error as the log shows it: its kind, message, code and stack. Not its other properties: a database
 * error carries the failed query's parameters, which are a customer's mail or a user's password hash.
 */
export function describeErrorForLog(error: unknown): TLoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const code = (error as { code?: unknown }).code
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack ?? '',
  }
}

export type TLoggedError = { type: string; message: string; stack: string; code?: string | number }

/** The options of every pino logger of the process (Fastify builds its own from them, adding requests). */
export function loggerOptions(level: TLogLevel) {
  return { level, serializers: { err: describeErrorForLog } }
}

/** The process's logger: JSON lines on stdout, at LOG_LEVEL. */
export function createLogger(level: TLogLevel): pino.Logger {
  return pino(loggerOptions(level))
}

/** A part's warnings (`jobs`, `smtp`, `imap`...), as JSON lines tagged with the part. */
export function warningsOf(logger: pino.Logger, part: string): TLog {
  const child = logger.child({ part })
  return (message, error) => (error === undefined ? child.warn(message) : child.warn({ err: error }, message))
}
