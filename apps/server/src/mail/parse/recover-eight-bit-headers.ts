import { findHeaderEnd } from './prepare-raw-email'

export type TEightBitHeaders = {
  charset: string
  /** First value of each header, keyed by lower-case name, unfolded. */
  values: Map<string, string>
}

const UNICODE_CHARSETS = new Set(['us-ascii', 'ascii', 'utf-8', 'utf8'])

function isSupportedCharset(label: string): boolean {
  try {
    new TextDecoder(label)
    return true
  } catch {
    return false
  }
}

/** Senders that put raw 8-bit text in headers nearly always use the charset they declared for the body. */
function guessHeaderCharset(bytes: Uint8Array): string {
  const latin = new TextDecoder('latin1').decode(bytes)
  for (const match of latin.matchAll(/charset\s*=\s*["']?([\w.:-]+)/gi)) {
    const label = match[1]?.toLowerCase() ?? ''
    if (!UNICODE_CHARSETS.has(label) && isSupportedCharset(label)) return label
  }
  return 'windows-1252'
}

/**
 * postal-mime reads raw 8-bit header bytes as UTF-8, which garbles legacy mail (a gb2312 subject
 * sent without RFC 2047 words). When the header block is not valid UTF-8, decode it again with the
 * message's declared charset so the caller can replace the garbled values.
 */
export function recoverEightBitHeaders(bytes: Uint8Array): TEightBitHeaders | null {
  const block = bytes.subarray(0, findHeaderEnd(bytes))
  if (!block.some((b) => b >= 0x80)) return null
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(block)
    return null
  } catch {
    // not UTF-8: fall through and decode with the declared charset
  }
  const charset = guessHeaderCharset(bytes)
  const text = new TextDecoder(charset).decode(block).replace(/\r?\n(?=[ \t])/g, '')
  const values = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const key = line.slice(0, colon).trim().toLowerCase()
    if (!values.has(key)) values.set(key, line.slice(colon + 1).trim())
  }
  return { charset, values }
}
