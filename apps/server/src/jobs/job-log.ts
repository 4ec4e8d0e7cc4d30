/** Where the jobs machinery reports what went wrong; the worker has no request logger to use. */
export type TJobLog = (message: string, error?: unknown) => void

export const consoleJobLog: TJobLog = (message, error) => {
  const detail =
    error instanceof Error ? `: ${error.message}` : error === undefined ? '' : `: ${String(error)}`
  console.warn(`[jobs] ${message}${detail}`)
}
