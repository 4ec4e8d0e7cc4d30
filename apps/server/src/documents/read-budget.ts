import { READ_BUDGET } from '../config/config'
import { AppError } from '../core/app-error'

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
