import type { TLog } from '../core/logger'

/** The warnings of a part a test builds by hand, shown in the test's output. */
export const testLog: TLog = (message, error) =>
  console.warn(message, error instanceof Error ? error.message : (error ?? ''))
