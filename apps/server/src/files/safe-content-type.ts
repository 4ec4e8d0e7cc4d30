import { INLINE_IMAGE_TYPES } from '@parsedesk/contracts'

/**
 * Types a browser may show in place without running anything of the sender's: no HTML, SVG, XML or
 * JavaScript, whatever the mail claimed. Everything else is served as a download of opaque bytes.
 */
const INLINE_TYPES = new Set([
  ...INLINE_IMAGE_TYPES,
  'application/pdf',
  'text/plain',
  'text/csv',
  'audio/mpeg',
  'audio/ogg',
  'video/mp4',
  'video/webm',
])

export type TServedType = { contentType: string; isInlineSafe: boolean }

export function servedContentType(declared: string): TServedType {
  const base = declared.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!INLINE_TYPES.has(base)) return { contentType: 'application/octet-stream', isInlineSafe: false }
  return { contentType: base.startsWith('text/') ? `${base}; charset=utf-8` : base, isInlineSafe: true }
}

/** RFC 6266 filename parameters: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}
