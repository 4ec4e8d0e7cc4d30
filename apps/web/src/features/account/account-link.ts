import { CUSTOM_ID_PATTERN, ZVerificationUpdate } from '@parsedesk/contracts'

/** What the server appends to a recovery or verification link's `url` (Appwrite's names). */
export const AccountLinkParam = { userId: 'userId', secret: 'secret', expire: 'expire' } as const

export type TAccountLink = { userId: string; secret: string }

/**
 * What a page's query says: no link at all (`none`: /recovery then asks for an address), a link to send
 * to the server (`link`), or one cut short or mangled on its way (`broken`), which the server would
 * refuse anyway.
 */
export type TAccountLinkQuery = { kind: 'none' } | ({ kind: 'link' } & TAccountLink) | { kind: 'broken' }

export function readAccountLink(search: URLSearchParams): TAccountLinkQuery {
  const userId = search.get(AccountLinkParam.userId)?.trim() ?? ''
  const secret = search.get(AccountLinkParam.secret)?.trim() ?? ''
  if (!userId && !secret) return { kind: 'none' }
  // Recovery and verification links carry the same two fields under the same rules.
  const isWellFormed =
    CUSTOM_ID_PATTERN.test(userId) && ZVerificationUpdate.safeParse({ userId, secret }).success
  return isWellFormed ? { kind: 'link', userId, secret } : { kind: 'broken' }
}

/** "1 hour", "90 minutes", "7 days": how long a mailed link works, for the sentence that promises it. */
export function describeLifetime({ minutes = 0, days = 0 }: { minutes?: number; days?: number }): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  if (days > 0) return plural(days, 'day')
  if (minutes > 0 && minutes % 60 === 0) return plural(minutes / 60, 'hour')
  return plural(minutes, 'minute')
}
