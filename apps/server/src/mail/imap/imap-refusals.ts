import type { Logger } from 'imapflow'

type TLoggedError = Error & { responseText?: string }

export type TImapRefusals = {
  /** Given to ImapFlow as its logger: the only place it puts a server's reason for a refused command. */
  logger: Logger
  /** The reason for the last refused command since the previous call, in the server's words. */
  take(): string | undefined
}

const ignore = () => undefined

/**
 * imapflow answers a refused SEARCH, STORE or MOVE with `false` instead of throwing and only logs the
 * server's NO or BAD. This keeps the last such reason so a refusal can be reported to the account owner.
 */
export function createImapRefusals(): TImapRefusals {
  let last: string | undefined
  const remember = (entry: unknown) => {
    const error = (entry as { err?: unknown } | undefined)?.err
    if (error instanceof Error) last = (error as TLoggedError).responseText || error.message
  }
  return {
    logger: { trace: ignore, debug: ignore, info: ignore, warn: remember, error: remember, fatal: remember },
    take() {
      const reason = last
      last = undefined
      return reason
    },
  }
}
