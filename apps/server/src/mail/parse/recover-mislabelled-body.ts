import { findBodyStart } from './prepare-raw-email'

export type TRecoveredBody = { text: string; declared: string; charset: string }

/** Charsets a sender of each family really used when the label was wrong, tried in this order. */
function candidatesFor(declared: string): string[] {
  if (/jp|jis/.test(declared)) return ['utf-8', 'euc-jp', 'shift_jis']
  if (/gb|hz|chinese/.test(declared)) return ['utf-8', 'gb18030', 'big5']
  if (/big5/.test(declared)) return ['utf-8', 'big5', 'gb18030']
  if (/kr|ks_c|korean/.test(declared)) return ['utf-8', 'euc-kr']
  return ['utf-8']
}

/**
 * A single-part 7bit/8bit text message whose declared charset does not fit its bytes (EUC-JP sent as
 * iso-2022-jp) decodes to replacement characters. Try the charsets of the same family and keep the
 * first that decodes without error.
 */
export function recoverMislabelledBody(options: {
  bytes: Uint8Array
  contentType: string
  transferEncoding: string
  text: string
}): TRecoveredBody | null {
  const { bytes, contentType, transferEncoding, text } = options
  if (!text.includes('\uFFFD')) return null
  if (!/^\s*text\/plain\b/i.test(contentType)) return null
  if (!['', '7bit', '8bit', 'binary'].includes(transferEncoding.trim().toLowerCase())) return null
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? 'us-ascii'
  const body = bytes.subarray(findBodyStart(bytes))
  for (const charset of candidatesFor(declared)) {
    if (charset === declared) continue
    try {
      const decoded = new TextDecoder(charset, { fatal: true }).decode(body)
      return { text: decoded.replace(/\r\n?/g, '\n'), declared, charset }
    } catch {
      // not this charset either
    }
  }
  return null
}
