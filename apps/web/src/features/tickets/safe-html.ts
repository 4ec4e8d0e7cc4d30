import DOMPurify from 'dompurify'

/**
 * Email HTML is hostile input. It is sanitised, then shown in a frame that is sandboxed (no script, no
 * same-origin access, no forms, no navigation of the app) and whose own policy refuses every remote load:
 * tracking pixels, remote fonts and stylesheets never leave the browser.
 */
const FRAME_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:"

const URL_ATTRIBUTES = [
  'src',
  'href',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'poster',
  'srcset',
  'ping',
]

function keepsUrl(attribute: string, value: string): boolean {
  const trimmed = value.trim()
  if (attribute === 'href' || attribute === 'xlink:href') return trimmed.startsWith('#')
  if (attribute === 'src') return /^data:image\//i.test(trimmed)
  return false
}

let isConfigured = false

function configurePurifier() {
  if (isConfigured) return
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attribute of URL_ATTRIBUTES) {
      const value = node.getAttribute(attribute)
      if (value !== null && !keepsUrl(attribute, value)) node.removeAttribute(attribute)
    }
  })
  isConfigured = true
}

export function sanitizeEmailHtml(html: string): string {
  configurePurifier()
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: [
      'link',
      'meta',
      'base',
      'form',
      'iframe',
      'frame',
      'object',
      'embed',
      'audio',
      'video',
      'source',
    ],
  })
}

export function buildSafeFrameDocument(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`,
    '<style>body{margin:12px;font:14px/1.5 system-ui,sans-serif;color:#111;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>',
    '</head><body>',
    sanitizeEmailHtml(html),
    '</body></html>',
  ].join('')
}
