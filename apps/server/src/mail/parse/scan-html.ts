import { Tokenizer } from 'htmlparser2'

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

/**
 * Splits mail HTML into text and tags with htmlparser2's tokenizer: one linear pass, however broken or hostile
 * the markup (an unclosed `<`, `<!--` or `<style>` does not make it read the rest again). Tags are not matched
 * into a tree; what reads the tokens keeps the little state it needs.
 */
export function scanHtml(html: string): THtmlToken[] {
  const tokens: THtmlToken[] = []
  /** Text is merged until the next tag, so whitespace and entities are read across the tokenizer's pieces. */
  let text = ''
  /** Where the tokenizer has read to: what it leaves at the end (an unclosed tag) is shown as text. */
  let consumed = 0
  let openTag: { name: string; attributesFrom: number } | undefined
  /** The invisible element being skipped, up to its closing tag. */
  let skipping: string | undefined

  const pushTag = (tag: Extract<THtmlToken, { type: 'tag' }>) => {
    if (text) tokens.push({ type: 'text', text })
    text = ''
    tokens.push(tag)
  }
  const endOpenTag = (endIndex: number) => {
    consumed = endIndex + 1
    if (!openTag || skipping) return
    const { name, attributesFrom } = openTag
    openTag = undefined
    if (INVISIBLE_ELEMENTS.has(name)) skipping = name
    else pushTag({ type: 'tag', name, isClosing: false, attributes: html.slice(attributesFrom, endIndex) })
  }
  const skipTo = (endIndex: number) => {
    consumed = endIndex
  }

  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      ontext(start, endIndex) {
        consumed = endIndex
        if (!skipping) text += html.slice(start, endIndex)
      },
      onopentagname(start, endIndex) {
        openTag = { name: html.slice(start, endIndex).toLowerCase(), attributesFrom: endIndex }
      },
      onopentagend: endOpenTag,
      onselfclosingtag: endOpenTag,
      onclosetag(start, endIndex) {
        consumed = endIndex + 1
        const name = html.slice(start, endIndex).toLowerCase()
        if (skipping) {
          if (name === skipping) skipping = undefined
          return
        }
        pushTag({ type: 'tag', name, isClosing: true, attributes: '' })
      },
      oncomment: (_start, endIndex, endOffset) => skipTo(endIndex + endOffset + 1),
      oncdata: (_start, endIndex, endOffset) => skipTo(endIndex + endOffset + 1),
      ondeclaration: (_start, endIndex) => skipTo(endIndex + 1),
      onprocessinginstruction: (_start, endIndex) => skipTo(endIndex + 1),
      onattribname() {},
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      ontextentity() {},
      onend() {},
    },
  )
  // htmlparser2 reads the empty declaration `<!>` on to the next `>`, where browsers end it at once; `<?>`, of the
  // same length, keeps every index and ends there.
  tokenizer.write(html.replaceAll('<!>', '<?>'))
  tokenizer.end()
  // A tag never closed by `>` at the end of the mail is text, as a browser shows it.
  if (!skipping && consumed < html.length && !/^<[!?]/.test(html.slice(consumed, consumed + 2))) {
    text += html.slice(consumed)
  }
  if (text) tokens.push({ type: 'text', text })
  return tokens
}
