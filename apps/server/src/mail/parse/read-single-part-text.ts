import { decodeFlowedText } from './decode-flowed-text'
import { findBodyStart } from './prepare-raw-email'

export type TSinglePartText = {
  text: string
  /** The charset the message declared, lower-case; `us-ascii` when it declared none. */
  declared: string
  /** The charset that decoded the bytes: differs from `declared` when the label was wrong. */
  charset: string
}

const EQUALS = 0x3d
const CR = 0x0d
const LF = 0x0a

function decodeQuotedPrintable(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length)
  let length = 0
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0
    if (byte === EQUALS) {
      if (bytes[i + 1] === LF) {
        i += 1
        continue
      }
      if (bytes[i + 1] === CR && bytes[i + 2] === LF) {
        i += 2
        continue
      }
      const hex = String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0)
      if (/^[0-9a-f]{2}$/i.test(hex)) {
        out[length++] = Number.parseInt(hex, 16)
        i += 2
        continue
      }
    }
    out[length++] = byte
  }
  return out.subarray(0, length)
}

function decodeTransfer(body: Uint8Array, transferEncoding: string): Uint8Array | null {
  const encoding = transferEncoding.trim().toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding === 'base64') return Buffer.from(Buffer.from(body).toString('latin1'), 'base64')
  return ['', '7bit', '8bit', 'binary'].includes(encoding) ? body : null
}

/** Charsets a sender of each family really used when the label was wrong, tried in this order. */
function fallbackCharsets(declared: string): string[] {
  if (/jp|jis/.test(declared)) return ['utf-8', 'euc-jp', 'shift_jis']
  if (/gb|hz|chinese/.test(declared)) return ['utf-8', 'gb18030', 'big5']
  if (/big5/.test(declared)) return ['utf-8', 'big5', 'gb18030']
  if (/kr|ks_c|korean/.test(declared)) return ['utf-8', 'euc-kr']
  return ['utf-8']
}

function decodeCharset(bytes: Uint8Array, declared: string): { text: string; charset: string } {
  let text: string
  try {
    text = new TextDecoder(declared).decode(bytes)
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes)
  }
  if (!text.includes('\uFFFD')) return { text, charset: declared }
  for (const charset of fallbackCharsets(declared)) {
    if (charset === declared) continue
    try {
      return { text: new TextDecoder(charset, { fatal: true }).decode(bytes), charset }
    } catch {
      // not this charset either
    }
  }
  return { text, charset: declared }
}

function readParam(contentType: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*["']?([^"';\\s]+)`, 'i').exec(contentType)
  return match?.[1]?.toLowerCase() ?? null
}

/**
 * Reads the text of a single-part text/plain message straight from its bytes, for the two cases
 * postal-mime gets wrong: a charset label that does not fit the bytes (EUC-JP sent as iso-2022-jp),
 * and format=flowed quotes. Returns null for anything else.
 */
export function readSinglePartText(options: {
  bytes: Uint8Array
  contentType: string
  transferEncoding: string
}): TSinglePartText | null {
  const { bytes, contentType, transferEncoding } = options
  if (!/^\s*text\/plain\s*(;|$)/i.test(contentType)) return null
  const body = decodeTransfer(bytes.subarray(findBodyStart(bytes)), transferEncoding)
  if (!body) return null
  const declared = readParam(contentType, 'charset') ?? 'us-ascii'
  const { text, charset } = decodeCharset(body, declared)
  const unfolded =
    readParam(contentType, 'format') === 'flowed'
      ? decodeFlowedText(text, { delSp: readParam(contentType, 'delsp') === 'yes' })
      : text
  return { text: unfolded.replace(/\r\n?/g, '\n'), declared, charset }
}
