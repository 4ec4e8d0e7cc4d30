import type { TSendingSetupStep } from '@parsedesk/contracts'
import type { TConfig } from '../config/config'

export type TSendingSetupInput = Pick<TConfig, 'inboundDomain' | 'outbox'> & {
  sendingAddress: string | null
  parsingAddress: string
  verifiedAt: Date | null
  testSentAt: Date | null
}

/**
 * What a sending address needs, said for this server: the forwarding (checked by the test mail), the
 * return path that stays ours (decision 028, so SPF is checked for the inbound domain), and the DKIM
 * signature DMARC needs at the sending address's domain, since SPF there can never align. DNS is not
 * looked up: the server names the records, the receiving side judges them.
 */
export function sendingSetup(input: TSendingSetupInput): TSendingSetupStep[] {
  const address = input.sendingAddress ?? 'support@your-company.example'
  const domain = address.split('@')[1] ?? ''
  const relay = input.outbox.relayUrl ? new URL(input.outbox.relayUrl).hostname : undefined
  const dkim = input.outbox.dkim
  return [
    {
      name: 'Forwarding',
      what: input.verifiedAt
        ? `${address} forwards to ${input.parsingAddress}: the test mail arrived on ${input.verifiedAt.toISOString()}.`
        : input.testSentAt
          ? `Waiting for the test mail sent on ${input.testSentAt.toISOString()}: make ${address} forward to ${input.parsingAddress}, then send the test again.`
          : `Make ${address} forward to ${input.parsingAddress}, then send a test mail.`,
      done: input.verifiedAt !== null,
    },
    {
      name: 'Relay',
      what: relay
        ? `Replies leave through ${relay}; it must accept ${address} as a sender.`
        : 'No outgoing relay is configured (SMTP_RELAY_URL): nothing is sent until one is.',
      done: relay ? null : false,
    },
    {
      name: 'Return path and SPF',
      what: `Bounces come back to bounces+…@${input.inboundDomain}, so SPF is checked for ${input.inboundDomain}: its SPF record must allow ${relay ?? 'the relay'} (e.g. "v=spf1 include:${relay ?? 'relay.example'} ~all"). ${domain}'s own SPF record needs no change for replies.`,
      done: null,
    },
    {
      name: 'DKIM',
      what:
        dkim?.domain === domain
          ? `Replies are signed for ${domain} (selector ${dkim.selector}): publish its public key at ${dkim.selector}._domainkey.${domain}.`
          : `For DMARC at ${domain}, replies must be DKIM-signed for ${domain}: ${dkim ? `this server signs for ${dkim.domain}` : 'this server signs nothing (DKIM_DOMAIN unset)'}; have the relay sign for ${domain}, or set DKIM_DOMAIN=${domain} and publish the key.`,
      done: dkim?.domain === domain ? null : false,
    },
  ]
}
