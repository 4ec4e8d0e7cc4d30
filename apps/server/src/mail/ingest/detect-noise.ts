import { LOOP_HEADER } from '@parsedesk/contracts'
import type { TParsedEmail } from '../parse'

export type TNoise = { status: 'loop' | 'bounce' | 'auto-reply'; reason: string }

function domainOf(address: string | null | undefined): string {
  return (address ?? '').split('@').pop()?.toLowerCase() ?? ''
}

function isOurDomain(domain: string, inboundDomain: string): boolean {
  return domain === inboundDomain || domain.endsWith(`.${inboundDomain}`)
}

/**
 * Mail that must never open a ticket: our own mail coming back (answering it would loop forever),
 * bounces and automatic replies. Mailing-list mail is not noise here: support addresses are often
 * Google Groups or list aliases that forward real customers' mail with List-Id headers.
 */
export function detectNoise(options: {
  parsed: TParsedEmail
  envelopeFrom: string | null
  inboundDomain: string
}): TNoise | null {
  const { parsed, inboundDomain } = options
  const loopHeader = parsed.headers.find((h) => h.Name.toLowerCase() === LOOP_HEADER.toLowerCase())
  if (loopHeader) return { status: 'loop', reason: `${LOOP_HEADER}: ${loopHeader.Value.slice(0, 200)}` }
  if (isOurDomain(domainOf(parsed.from?.address), inboundDomain)) {
    return { status: 'loop', reason: `sent from our own address ${parsed.from?.address}` }
  }
  if (!parsed.from && isOurDomain(domainOf(options.envelopeFrom), inboundDomain)) {
    return { status: 'loop', reason: `envelope sender is our own address ${options.envelopeFrom}` }
  }
  const { kind, reason } = parsed.classification
  if (kind === 'bounce') return { status: 'bounce', reason }
  if (kind === 'auto-reply') return { status: 'auto-reply', reason }
  return null
}
