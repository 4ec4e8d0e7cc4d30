import type { TInboundRow } from './inbound-repository'

const IMAP_PREFIX = 'imap'

/**
 * The external id of a message fetched over IMAP: its account, the folder's UIDVALIDITY and its UID, so a
 * message stored but not yet flagged is known again after a restart, and its account can be read back.
 */
export function imapExternalId(options: { accountId: string; uidValidity: bigint; uid: number }): string {
  return `${IMAP_PREFIX}:${options.accountId}:${options.uidValidity}:${options.uid}`
}

/**
 * Where a delivery came in, as its ticket keeps it (`mailboxId`, decision 022): the IMAP account its mail
 * was fetched from, else the parsing mailbox it was sent to (SMTP and the webhooks). Migration 029 reads
 * existing deliveries the same way.
 */
export function mailboxOfDelivery(
  inbound: Pick<TInboundRow, 'mailboxId' | 'channel' | 'externalId'>,
): string {
  if (inbound.channel === 'imap' && inbound.externalId) {
    const [prefix, accountId] = inbound.externalId.split(':')
    if (prefix === IMAP_PREFIX && accountId) return accountId
  }
  return inbound.mailboxId
}
