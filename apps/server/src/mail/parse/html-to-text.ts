import { decodeHTML } from 'entities/decode'
import { scanHtml } from './scan-html'

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
    const hasMarker = rawLine.includes(QUOTE_OPEN) || rawLine.includes(QUOTE_CLOSE)
    for (const char of hasMarker ? rawLine : '') {
      if (char === QUOTE_OPEN) depth++
      else if (char === QUOTE_CLOSE) depth = Math.max(0, depth - 1)
    }
    const line = (
      hasMarker ? rawLine.replaceAll(QUOTE_OPEN, '').replaceAll(QUOTE_CLOSE, '') : rawLine
    ).trimEnd()
    if (hasMarker && !line) continue
    lines.push(depth > 0 ? `${'>'.repeat(depth)} ${line}`.trimEnd() : line)
  }
  return lines.join('\n')
}

/**
 * Accumulates text in chunks (reading back from a growing string flattens it each time, which is
 * quadratic on large mail). Block boundaries add line breaks only up to the count they need.
 */
class TextOutput {
  private readonly parts: string[] = []
  private trailingNewlines = 0

  get position(): number {
    return this.parts.length
  }

  since(position: number): string {
    return this.parts.slice(position).join('')
  }

  write(text: string): void {
    if (!text) return
    this.parts.push(text)
    let count = 0
    for (let i = text.length - 1; i >= 0; i--) {
      const char = text[i]
      if (char === '\n') count++
      else if (char !== QUOTE_OPEN && char !== QUOTE_CLOSE) {
        this.trailingNewlines = count
        return
      }
    }
    this.trailingNewlines += count
  }

  /** Ends the current line (1) or paragraph (2) unless the text already does. */
  breakLines(count: number): void {
    if (this.parts.length > 0 && this.trailingNewlines < count)
      this.write('\n'.repeat(count - this.trailingNewlines))
  }

  append(text: string, options: { preformatted: boolean }): void {
    const atLineStart = this.parts.length === 0 || this.trailingNewlines > 0
    this.write(!options.preformatted && atLineStart ? text.trimStart() : text)
  }

  toString(): string {
    return this.parts.join('')
  }
}

/**
 * Readable text from an HTML body, for HTML-only mail and for reply stripping. Blockquotes become
 * `>` quoted lines, as a text part would have them, so the same quote detection works on both.
 * Tokens from htmlparser2 (`scan-html.ts`) instead of a DOM: mail HTML is often broken, and this runs once per
 * message.
 */
export function htmlToText(html: string): string {
  const out = new TextOutput()
  let preDepth = 0
  const lists: { ordered: boolean; count: number }[] = []
  const links: { href: string | null; start: number }[] = []

  for (const token of scanHtml(html)) {
    if (token.type === 'text') {
      const decoded = decodeHTML(token.text).replace(/\u00a0/g, ' ')
      const preformatted = preDepth > 0
      out.append(preformatted ? decoded.replace(/\r\n?/g, '\n') : decoded.replace(/[ \t\r\n\f]+/g, ' '), {
        preformatted,
      })
      continue
    }
    const { name, isClosing: closing, attributes } = token
    if (name === 'br') out.write('\n')
    else if (name === 'blockquote') {
      out.breakLines(1)
      out.write(closing ? QUOTE_CLOSE : QUOTE_OPEN)
    } else if (name === 'pre') {
      preDepth = Math.max(0, preDepth + (closing ? -1 : 1))
      out.breakLines(2)
    } else if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop()
      else lists.push({ ordered: name === 'ol', count: 0 })
      out.breakLines(2)
    } else if (name === 'li') {
      out.breakLines(1)
      const list = lists.at(-1)
      if (!closing && list) list.count++
      if (!closing) out.write(list?.ordered ? `${list.count}. ` : '- ')
    } else if (name === 'td' || name === 'th') out.write(' ')
    else if (name === 'a') {
      if (!closing) links.push({ href: readHref(attributes), start: out.position })
      else {
        const link = links.pop()
        if (link?.href && !out.since(link.start).includes(link.href)) out.write(` <${link.href}>`)
      }
    } else if (PARAGRAPH_TAGS.has(name)) out.breakLines(2)
    else if (LINE_TAGS.has(name)) out.breakLines(1)
  }

  return addQuotePrefixes(out.toString())
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
