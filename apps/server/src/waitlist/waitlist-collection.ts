import { CollectionId, DemoLimits, WaitlistMessages, ZWaitlistRequest } from '@parsedesk/contracts'
import { type TRateLimit, tryHitInTransaction } from '../accounts/rate-limit'
import { AppError } from '../core/app-error'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition } from '../documents/collection'

export const WAITLIST_RATE_LIMIT: TRateLimit = {
  bucket: 'waitlist',
  limit: DemoLimits.maxSuccesses,
  windowMs: DemoLimits.blockMs,
}

/** Demo requests: anyone may file one, nobody reads them back through the API. */
export function createWaitlistCollection(): TCollectionDefinition {
  return {
    id: CollectionId.waitlist,
    table: 'waitlist',
    attributes: attributeColumns(ZWaitlistRequest),
    createSchema: ZWaitlistRequest.strict(),
    updateSchema: ZWaitlistRequest.partial().strict(),
    canRead: () => false,
    canCreate: () => true,
    async prepareCreate({ data, clientKey, tx }) {
      if (!(await tryHitInTransaction(tx, WAITLIST_RATE_LIMIT, clientKey))) {
        throw AppError.rateLimited(WaitlistMessages.rateLimited)
      }
      return { data, permissions: [] }
    },
  }
}
