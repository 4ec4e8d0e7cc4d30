import { vi } from 'vitest'

export type TWaitOptions = { what: string; timeoutMs?: number; intervalMs?: number }

/**
 * What `read` gives once it gives something (anything but undefined, null or false), read again every
 * `intervalMs` until `timeoutMs`: Vitest's waitFor, for reads that answer "not yet" rather than throw.
 * The one way tests wait for a condition.
 */
export function waitForValue<T>(
  read: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  options: TWaitOptions,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read()
      if (value === undefined || value === null || value === false)
        throw new Error(`timed out waiting for ${options.what}`)
      return value
    },
    { timeout: options.timeoutMs ?? 20_000, interval: options.intervalMs ?? 100 },
  )
}
