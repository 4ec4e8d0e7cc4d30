import { UnparseableEmailError } from './unparseable-email-error'

export type TPreparedRawEmail = {
  /** The RFC 822 message itself: no mbox envelope line, byte-order mark or leading blank lines. */
  bytes: Uint8Array
  /** Sender named by an mbox `From ` envelope line, the last resort when the headers name nobody. */
  envelopeSender: string | null
}

export type TPrepareRawEmailOptions = { raw: Uint8Array; maxBytes: number }

const FOREIGN_FORMATS: { magic: number[]; name: string }[] = [
  { magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], name: 'an Outlook .msg (OLE compound) file' },
  { magic: [0x78, 0x9f, 0x3e, 0x22], name: 'a TNEF (winmail.dat) file' },
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], name: 'a PDF file' },
  { magic: [0x50, 0x4b, 0x03, 0x04], name: 'a ZIP archive' },
  { magic: [0x1f, 0x8b], name: 'a gzip archive' },
]

const CR = 0x0d
const LF = 0x0a
const MBOX_PREFIX = [0x46, 0x72, 0x6f, 0x6d, 0x20] // "From "

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return prefix.every((b, i) => bytes[at + i] === b)
}

function indexOfByte(bytes: Uint8Array, value: number, from: number): number {
  const i = bytes.indexOf(value, from)
  return i === -1 ? bytes.length : i
}

/**
 * Rejects what can never be an email and removes what postal-mime would misread as a header:
 * an mbox `From ` line (it has no colon) and blank lines before the first header.
 */
export function prepareRawEmail({ raw, maxBytes }: TPrepareRawEmailOptions): TPreparedRawEmail {
  if (raw.length > maxBytes) {
    throw new UnparseableEmailError(`message is ${raw.length} bytes, more than the limit of ${maxBytes}`)
  }
  const foreign = FOREIGN_FORMATS.find((f) => startsWith(raw, f.magic))
  if (foreign) throw new UnparseableEmailError(`the data is ${foreign.name}, not an RFC 822 email message`)

  let start = startsWith(raw, [0xef, 0xbb, 0xbf]) ? 3 : 0
  let envelopeSender: string | null = null
  while (start < raw.length && (raw[start] === CR || raw[start] === LF)) start++
  if (startsWith(raw, MBOX_PREFIX, start)) {
    const end = indexOfByte(raw, LF, start)
    const line = new TextDecoder('latin1').decode(raw.subarray(start + MBOX_PREFIX.length, end)).trim()
    envelopeSender = line.split(/\s+/)[0] || null
    start = Math.min(end + 1, raw.length)
  }
  const bytes = raw.subarray(start)
  if (bytes.every((b) => b === CR || b === LF || b === 0x20 || b === 0x09)) {
    throw new UnparseableEmailError('the message is empty')
  }
  return { bytes, envelopeSender }
}

/** Offset of the blank line that ends the top-level header block, or the length when there is none. */
export function findHeaderEnd(bytes: Uint8Array): number {
  let i = bytes.indexOf(LF)
  while (i !== -1 && i + 1 < bytes.length) {
    const next = bytes[i + 1] === CR ? i + 2 : i + 1
    if (bytes[next] === LF) return i
    i = bytes.indexOf(LF, i + 1)
  }
  return bytes.length
}

/** Offset of the first body byte of a single-part message: just past the blank line after the headers. */
export function findBodyStart(bytes: Uint8Array): number {
  let next = findHeaderEnd(bytes) + 1
  if (bytes[next] === CR) next++
  if (bytes[next] === LF) next++
  return Math.min(next, bytes.length)
}
