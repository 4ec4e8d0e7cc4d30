/** A stretch of text between quotation marks, quotation marks included: [start, end). */
export type TSpan = { start: number; end: number }

// A quotation is a phrase, a message or an error quoted on one line; anything longer is not read as one.
const MAX_QUOTE_LENGTH = 200

// Each opening mark with the marks that close it: English “…”, German „…“, French and others «…» and ‹…›.
const CLOSERS: Record<string, string> = {
  '"': '"',
  '“': '”"',
  '„': '“”"',
  '«': '»',
  '»': '«',
  '‹': '›',
  '‘': '’',
  "'": "'",
}
const QUOTE_MARK = /["“”„«»‹›‘’']/gu
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * The quoted stretches of a text, in order, found in one pass: each mark either closes the quotation open
 * before it or opens one. A straight or curly single quote inside a word ("don't", "customers' data") is an
 * apostrophe, not a quotation mark.
 */
export function quotedSpans(text: string): TSpan[] {
  const spans: TSpan[] = []
  let open: { mark: string; index: number } | null = null
  QUOTE_MARK.lastIndex = 0
  for (let found = QUOTE_MARK.exec(text); found; found = QUOTE_MARK.exec(text)) {
    const mark = found[0]
    const index = found.index
    const before = text[index - 1] ?? ' '
    const after = text[index + 1] ?? ' '
    const isSingle = mark === "'" || mark === '’' || mark === '‘'
    if (open && CLOSERS[open.mark]!.includes(mark) && closes({ text, open: open.index, close: index })) {
      // A single quote closes only where a word ends: "'urgent' she said", not "'it's".
      if (!isSingle || !LETTER_OR_DIGIT.test(after)) {
        spans.push({ start: open.index, end: index + 1 })
        open = null
        continue
      }
    }
    const opens =
      mark in CLOSERS && (!isSingle || (!LETTER_OR_DIGIT.test(before) && LETTER_OR_DIGIT.test(after)))
    if (opens) open = { mark, index }
  }
  return spans
}

// A quotation ends on the line it starts, within MAX_QUOTE_LENGTH characters.
function closes(options: { text: string; open: number; close: number }): boolean {
  return (
    options.close - options.open <= MAX_QUOTE_LENGTH &&
    !options.text.slice(options.open, options.close).includes('\n')
  )
}

/** Whether [start, end) lies inside one of the spans (sorted, as quotedSpans gives them). */
export function insideSpans(options: { spans: readonly TSpan[]; start: number; end: number }): boolean {
  // The last span that starts at or before `start`, found by halving: a ticket can quote many times.
  let low = 0
  let high = options.spans.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (options.spans[middle]!.start <= options.start) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found >= 0 && options.end <= options.spans[found]!.end
}
