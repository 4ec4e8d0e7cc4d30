import { addressParser } from 'postal-mime'
import { isPlausibleAddress, normaliseAddress } from '../parse/email-addresses'
import { findHeaderEnd } from '../parse/prepare-raw-email'

// A From header past this far into a message is not one a mail client wrote; the envelope stands in.
const HEADER_SCAN_BYTES = 64 * 1024

/** The first From header's value, unfolded, as the parser that makes the ticket reads it. */
function firstFromHeader(raw: Uint8Array): string | undefined {
  const head = Buffer.from(raw.subarray(0, Math.min(findHeaderEnd(raw), HEADER_SCAN_BYTES))).toString(
    'latin1',
  )
  const match = /(?:^|\n)from[ \t]*:([^\n]*(?:\n[ \t][^\n]*)*)/i.exec(head)
  return match?.[1]?.replace(/\r?\n[ \t]/g, ' ').trim()
}

/**
 * Who a delivery is from, for counting it (decision 029): the address its ticket's requester would be,
 * the first From header's first address, else the envelope sender; lower-case, as the block list keeps
 * addresses; '' when neither names one (then only the mailbox's limit applies).
 */
export function readSender(raw: Uint8Array, envelopeFrom?: string | null): string {
  const value = firstFromHeader(raw)
  const first = value ? addressParser(value)[0] : undefined
  const address = normaliseAddress(first?.group?.[0]?.address ?? first?.address ?? '')
  if (isPlausibleAddress(address)) return address.toLowerCase()
  const envelope = normaliseAddress(envelopeFrom ?? '')
  return isPlausibleAddress(envelope) ? envelope.toLowerCase() : ''
}
