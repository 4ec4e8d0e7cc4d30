export type THtmlToken =
  | { type: 'text'; text: string }
  | { type: 'tag'; name: string; isClosing: boolean; attributes: string }

/** Elements whose content is never shown; skipped with everything inside them. */
const INVISIBLE_ELEMENTS = new Set([
  'script',
  'style',
  'head',
  'title',
  'xml',
  'noscript',
  'template',
  'object',
])
const TAG_NAME = /\/?[a-zA-Z][\w:-]*/y
/** How far a tag whose quotes do not balance may look for the `>` that really closes it. */
const MAX_QUOTED_TAG = 500

/** End of the tag starting at `from` (the index of its `>`), or -1 when the rest of the input has none. */
function findTagEnd(html: string, from: number, lastGt: number): number {
  if (from > lastGt) return -1
  let end = html.indexOf('>', from)
  let extensions = 0
  while (end !== -1 && extensions < 3 && end - from < MAX_QUOTED_TAG) {
    const inside = html.slice(from, end)
    const doubles = inside.split('"').length - 1
    const singles = inside.split("'").length - 1
    if (doubles % 2 === 0 && singles % 2 === 0) break
    const next = html.indexOf('>', end + 1)
    if (next === -1) break
    end = next
    extensions++
  }
  return end
}

/** Index just past the closing tag of an invisible element, or the end of input when it is never closed. */
function skipElement(lower: string, name: string, from: number): number {
  const close = lower.indexOf(`</${name}`, from)
  if (close === -1) return lower.length
  const end = lower.indexOf('>', close)
  return end === -1 ? lower.length : end + 1
}

/**
 * Splits mail HTML into text and tags in one linear pass. Regexes with lazy or quote-aware bodies
 * rescan the rest of the input after every unclosed `<`, `<!--` or `<style>`, which turns a hostile
 * message into minutes of CPU; here every search moves the cursor past what it read.
 */
export function* scanHtml(html: string): Generator<THtmlToken> {
  const lower = html.toLowerCase()
  // Past the last `>` no tag can close: knowing it keeps a flood of unclosed `<` linear.
  const lastGt = html.lastIndexOf('>')
  let i = 0
  while (i < html.length) {
    const open = html.indexOf('<', i)
    if (open === -1) {
      yield { type: 'text', text: html.slice(i) }
      return
    }
    if (open > i) yield { type: 'text', text: html.slice(i, open) }

    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4)
      if (end === -1) return
      i = end + 3
      continue
    }
    if (html[open + 1] === '!' || html[open + 1] === '?') {
      const end = html.indexOf('>', open)
      if (end === -1) return
      i = end + 1
      continue
    }

    TAG_NAME.lastIndex = open + 1
    const nameMatch = TAG_NAME.exec(html)
    const end = nameMatch ? findTagEnd(html, TAG_NAME.lastIndex, lastGt) : -1
    if (!nameMatch || end === -1) {
      yield { type: 'text', text: '<' }
      i = open + 1
      continue
    }
    const isClosing = nameMatch[0].startsWith('/')
    const name = (isClosing ? nameMatch[0].slice(1) : nameMatch[0]).toLowerCase()
    i = end + 1
    if (!isClosing && INVISIBLE_ELEMENTS.has(name)) {
      i = skipElement(lower, name, i)
      continue
    }
    yield { type: 'tag', name, isClosing, attributes: html.slice(TAG_NAME.lastIndex, end) }
  }
}
