import { AppError } from '../core/app-error'

/**
 * How many bytes of documents one user is sent per second by this process. A single answer is bounded
 * (LIST_MAX_BYTES, one document at most ~6 MB), but one user asking for the biggest documents over and
 * over, ten at a time, kept the server serialising megabytes and everyone else waiting (/v1/ping p50
 * 240 ms on PGlite): past its burst, a user is read to at this rate. A dashboard reads kilobytes.
 */
export const READ_BUDGET = { bytesPerSecond: 8 * 1024 * 1024, burstBytes: 32 * 1024 * 1024 } as const

const BUSY_READER_MESSAGE =
  'You have been sent a great deal of data in the last few seconds. Please wait a moment and try again.'

export type TReadBudget = {
  /** Refuses (429) a reader whose budget is spent; otherwise takes `bytes` from it, which may run it negative. */
  spend(readerId: string, bytes: number): void
}

/** A token bucket per reader, refilled with time; readers whose bucket is full again are forgotten. */
export function createReadBudget(
  limits: { bytesPerSecond: number; burstBytes: number } = READ_BUDGET,
): TReadBudget {
  const buckets = new Map<string, { bytes: number; at: number }>()
  return {
    spend(readerId, bytes) {
      const now = Date.now()
      const bucket = buckets.get(readerId) ?? { bytes: limits.burstBytes, at: now }
      bucket.bytes = Math.min(
        limits.burstBytes,
        bucket.bytes + ((now - bucket.at) / 1000) * limits.bytesPerSecond,
      )
      bucket.at = now
      if (bucket.bytes <= 0) throw AppError.rateLimited(BUSY_READER_MESSAGE)
      bucket.bytes -= bytes
      if (bucket.bytes >= limits.burstBytes) buckets.delete(readerId)
      else buckets.set(readerId, bucket)
    },
  }
}
