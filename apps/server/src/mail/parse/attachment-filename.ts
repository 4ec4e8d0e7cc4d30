const MAX_FILENAME_LENGTH = 200

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/x-gzip': 'gz',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/pgp-signature': 'asc',
  'application/pkcs7-signature': 'p7s',
  'application/x-pkcs7-signature': 'p7s',
  'application/ms-tnef': 'dat',
  'application/vnd.ms-tnef': 'dat',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/heic': 'heic',
  'audio/basic': 'au',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/csv': 'csv',
  'text/calendar': 'ics',
  'text/xml': 'xml',
  'text/rfc822-headers': 'txt',
  'message/rfc822': 'eml',
  'message/delivery-status': 'txt',
  'message/global-delivery-status': 'txt',
  'message/disposition-notification': 'txt',
}

/** Names Windows refuses whatever the extension; a download called `con.txt` fails on every Windows machine. */
const RESERVED_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i

export function extensionForContentType(contentType: string): string {
  return EXTENSIONS[contentType.toLowerCase()] ?? 'bin'
}

function truncateKeepingExtension(name: string): string {
  if (name.length <= MAX_FILENAME_LENGTH) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
  return name.slice(0, MAX_FILENAME_LENGTH - extension.length) + extension
}

/**
 * A file name that is safe to store and to offer as a download: the last path segment only (so
 * `1234/../../1234.txt` becomes `1234.txt`), no control or shell-hostile characters, no leading
 * dots, at most 200 characters. A name that ends up empty becomes `attachment-<n>.<ext>`.
 */
export function sanitiseAttachmentFilename(options: {
  filename: string | null
  contentType: string
  position: number
}): string {
  const { filename, contentType, position } = options
  const lastSegment = (filename ?? '').split(/[/\\]/).pop() ?? ''
  let name = lastSegment
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  if (RESERVED_NAMES.test(name)) name = `_${name}`
  name = truncateKeepingExtension(name)
  return name || `attachment-${position}.${extensionForContentType(contentType)}`
}
