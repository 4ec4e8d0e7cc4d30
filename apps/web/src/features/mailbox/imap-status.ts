import type { TImapAccountStatus } from '@parsedesk/contracts'
import type { TBadgeTone } from '@/components/ui/badge'
import type { TImapAccountDocument } from './mailbox-model'

const statusTones: Record<TImapAccountStatus, TBadgeTone> = {
  connecting: 'blue',
  connected: 'green',
  error: 'red',
  disabled: 'gray',
}

export function imapStatusTone(status: string): TBadgeTone {
  return statusTones[status as TImapAccountStatus] ?? 'gray'
}

/** While an account is still connecting its status changes within seconds; otherwise it rarely does. */
export const IMAP_REFRESH_MS = { settling: 3000, steady: 30_000 } as const

export function imapRefreshInterval(accounts: readonly Pick<TImapAccountDocument, 'status'>[] | undefined) {
  return accounts?.some((account) => account.status === 'connecting')
    ? IMAP_REFRESH_MS.settling
    : IMAP_REFRESH_MS.steady
}
