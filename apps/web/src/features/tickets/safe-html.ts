import DOMPurify from 'dompurify'

/**
 * Email HTML is hostile input. It is sanitised, then shown in a frame that is sandboxed (no script, no
 * same-origin access, no forms, no navigation of the app) and whose own policy refuses every remote load:
 * tracking pixels, remote fonts and stylesheets never leave the browser (the app's own policy, which a
 * `srcdoc` frame inherits, refuses them too). Links keep their address, shown beside their text so an agent
 * sees where "Click here to verify" leads, and open in a tab of their own.
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

const WEB_OR_MAIL_LINK = /^(https?:|mailto:)/i
const REMOTE_SRC = 'data-remote-src'

function keepsUrl(node: Element, attribute: string, value: string): boolean {
  const trimmed = value.trim()
  if (attribute === 'href' && node.nodeName === 'A')
    return trimmed.startsWith('#') || WEB_OR_MAIL_LINK.test(trimmed)
  if (attribute === 'href' || attribute === 'xlink:href') return trimmed.startsWith('#')
  if (attribute === 'src') return /^data:image\//i.test(trimmed)
  return false
}

let isConfigured = false

function configurePurifier() {
  if (isConfigured) return
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // A remote image is kept by its address only, never loaded: "Show images" has the server fetch it.
    const src = node.nodeName === 'IMG' ? node.getAttribute('src')?.trim() : undefined
    if (src && /^https?:/i.test(src)) node.setAttribute(REMOTE_SRC, src)
    for (const attribute of URL_ATTRIBUTES) {
      const value = node.getAttribute(attribute)
      if (value !== null && !keepsUrl(node, attribute, value)) node.removeAttribute(attribute)
    }
    const href = node.nodeName === 'A' ? node.getAttribute('href') : null
    if (href && WEB_OR_MAIL_LINK.test(href)) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
  isConfigured = true
}

/** The address a link's text does not already say, after it: "Verify your account (https://evil.example/x)". */
function showAddresses(body: HTMLElement) {
  for (const link of body.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? ''
    if (!WEB_OR_MAIL_LINK.test(href)) continue
    const address = href.replace(/^mailto:/i, '')
    if ((link.textContent ?? '').includes(address)) continue
    const shown = link.ownerDocument.createElement('span')
    shown.className = 'link-address'
    shown.textContent = ` (${address})`
    link.after(shown)
  }
}

function sanitizeToBody(html: string): HTMLElement {
  configurePurifier()
  // The body element DOMPurify parses into (its types say only Node).
  const body = DOMPurify.sanitize(html, {
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
    RETURN_DOM: true,
  }) as HTMLElement
  showAddresses(body)
  return body
}

export function sanitizeEmailHtml(html: string): string {
  return sanitizeToBody(html).innerHTML
}

/** The addresses of the remote images a mail's HTML names, each once, in order. */
export function remoteImageSources(html: string): string[] {
  const images = sanitizeToBody(html).querySelectorAll(`img[${REMOTE_SRC}]`)
  return [...new Set([...images].map((image) => image.getAttribute(REMOTE_SRC) ?? ''))].filter(Boolean)
}

/**
 * The frame's document; `shown` gives remote images the member chose to see, by address, as `data:` URLs
 * the server fetched (the frame's policy loads nothing remote).
 */
export function buildSafeFrameDocument(html: string, shown: ReadonlyMap<string, string> = new Map()): string {
  const body = sanitizeToBody(html)
  for (const image of body.querySelectorAll(`img[${REMOTE_SRC}]`)) {
    const data = shown.get(image.getAttribute(REMOTE_SRC) ?? '')
    if (data?.startsWith('data:image/')) image.setAttribute('src', data)
  }
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`,
    '<style>body{margin:12px;font:14px/1.5 system-ui,sans-serif;color:#111;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}.link-address{color:#555;font-size:12px}</style>',
    '</head><body>',
    body.innerHTML,
    '</body></html>',
  ].join('')
}
