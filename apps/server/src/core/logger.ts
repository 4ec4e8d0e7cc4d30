import pino from 'pino'

export type TLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/**
 * An error as the log shows it: its kind, message, code and stack. Not its other properties: a database
 * error carries the failed query's parameters, which are a customer's mail or a user's password hash.
 */
export function describeErrorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const code = (error as { code?: unknown }).code
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  }
}

/** The process's own logger (JSON lines on stdout), for what happens outside any request. */
export function createLogger(level: TLogLevel): pino.Logger {
  return pino({ level, serializers: { err: describeErrorForLog } })
}
