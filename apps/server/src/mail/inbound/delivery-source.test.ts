import { describe, expect, it } from 'vitest'
import { imapExternalId, mailboxOfDelivery } from './delivery-source'

describe('mailboxOfDelivery', () => {
  it('names the IMAP account a fetched message came from, read back from its external id', () => {
    const externalId = imapExternalId({ accountId: 'acct-support', uidValidity: 1732000000n, uid: 42 })
    expect(externalId).toBe('imap:acct-support:1732000000:42')
    expect(mailboxOfDelivery({ mailboxId: 'parsing-box', channel: 'imap', externalId })).toBe('acct-support')
  })

  it('names the parsing mailbox for mail to its address, by SMTP or a webhook', () => {
    expect(mailboxOfDelivery({ mailboxId: 'parsing-box', channel: 'smtp', externalId: null })).toBe(
      'parsing-box',
    )
    // A webhook's external id is the provider's, whatever it looks like.
    expect(
      mailboxOfDelivery({ mailboxId: 'parsing-box', channel: 'webhook-postmark', externalId: 'imap:x:1:2' }),
    ).toBe('parsing-box')
  })
})
