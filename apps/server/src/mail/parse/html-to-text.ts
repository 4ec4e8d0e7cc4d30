import { decodeHTML } from 'entities/decode'

const INVISIBLE_ELEMENTS =
  /<(script|style|head|title|xml|noscript|template|object)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
const COMMENTS = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[^>]*>/g
const TOKENS = /<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g

const PARAGRAPH_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'pre',
  'hr',
  'dl',
])
const LINE_TAGS = new Set([
  'div',
  'tr',
  'li',
  'dt',
  'dd',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
  'center',
  'address',
  'form',
  'fieldset',
  'figure',
  'figcaption',
  'caption',
  'tbody',
  'thead',
  'tfoot',
])

/** Private-use markers for quote depth; they cannot occur in decoded mail text that matters. */
const QUOTE_OPEN = '\uE000'
const QUOTE_CLOSE = '\uE001'

function readHref(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)
  const href = match ? decodeHTML(match[1] ?? match[2] ?? match[3] ?? '').trim() : ''
  return /^https?:\/\//i.test(href) ? href : null
}

function addQuotePrefixes(text: string): string {
  let depth = 0
  const lines: string[] = []
  for (const rawLine of text.split('\n')) {
    let line = rawLine
    for (const char of rawLine) {
      if (char === QUOTE_OPEN) depth++
      else if (char === QUOTE_CLOSE) depth = Math.max(0, depth - 1)
    }
    if (line.includes(QUOTE_OPEN) || line.includes(QUOTE_CLOSE)) {
      line = line.replaceAll(QUOTE_OPEN, '').replaceAll(QUOTE_CLOSE, '')
    }
    line = line.replace(/^ /, '').trimEnd()
    lines.push(depth > 0 ? `${'>'.repeat(depth)} ${line}`.trimEnd() : line)
  }
  return lines.join('\n')
}

/**
 * Readable text from an HTML body, for HTML-only mail and for reply stripping. Blockquotes become
 * `>` quoted lines, as a text part would have them, so the same quote detection works on both.
 * A regex tokenizer instead of a DOM: mail HTML is often broken and this runs once per message.
 */
export function htmlToText(html: string): string {
  const source = html.replace(COMMENTS, '').replace(INVISIBLE_ELEMENTS, '')
  let out = ''
  let preDepth = 0
  const lists: { ordered: boolean; count: number }[] = []
  const links: { href: string | null; start: number }[] = []

  for (const token of source.matchAll(TOKENS)) {
    const [whole, slash, rawName, attributes = '', text] = token
    if (text !== undefined || rawName === undefined) {
      const decoded = decodeHTML(text ?? whole).replace(/\u00a0/g, ' ')
      out += preDepth > 0 ? decoded.replace(/\r\n?/g, '\n') : decoded.replace(/[ \t\r\n\f]+/g, ' ')
      continue
    }
    const name = rawName.toLowerCase()
    const closing = slash === '/'
    if (name === 'br') out += '\n'
    else if (name === 'blockquote') out += closing ? `\n${QUOTE_CLOSE}\n` : `\n${QUOTE_OPEN}`
    else if (name === 'pre') {
      preDepth = Math.max(0, preDepth + (closing ? -1 : 1))
      out += '\n\n'
    } else if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop()
      else lists.push({ ordered: name === 'ol', count: 0 })
      out += '\n\n'
    } else if (name === 'li' && !closing) {
      const list = lists.at(-1)
      if (list) list.count++
      out += list?.ordered ? `\n${list.count}. ` : '\n- '
    } else if (name === 'td' || name === 'th') out += ' '
    else if (name === 'a') {
      if (!closing) links.push({ href: readHref(attributes), start: out.length })
      else {
        const link = links.pop()
        if (link?.href && !out.slice(link.start).includes(link.href)) out += ` <${link.href}>`
      }
    } else if (PARAGRAPH_TAGS.has(name)) out += '\n\n'
    else if (LINE_TAGS.has(name)) out += '\n'
  }

  return addQuotePrefixes(out)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
