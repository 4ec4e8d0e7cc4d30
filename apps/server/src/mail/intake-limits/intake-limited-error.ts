import type { TIntakeLimitScope } from '@parsedesk/contracts'

/** A delivery deferred for coming too fast: each channel turns it into its own "try again later". */
export class IntakeLimitedError extends Error {
  constructor(
    readonly scope: TIntakeLimitScope,
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`intake limit of ${limit} a minute per ${scope} reached`)
    this.name = 'IntakeLimitedError'
  }
}
