/**
 * What the template editor proposes when an admin selects a value in a sample email: the text right before
 * it and right after it, chosen so the value is found again in the next email of the same layout, where the
 * value itself differs. Pure, so the proposal is tested without a browser.
 */

/** The longest anchor proposed: long enough to be distinctive, short enough to survive small edits. */
const MAX_ANCHOR = 60

export type TSelectionAnchors = {
  /** The value as selected, trimmed of surrounding spaces. */
  value: string
  /** The text the value follows (e.g. "Order number:"), or "" when the value starts the email. */
  before: string
  /** The text the value ends before; "" means the value runs to the end of its line. */
  after: string
  /** Whether `before` occurs once in the email, so it points at this value and no other. */
  unique: boolean
}

/** A value type proposed from what the selection looks like; the admin can change it. */
export type TProposedType = 'number' | 'date' | 'email' | 'url' | 'text'

const occurrences = (text: string, needle: string): number => {
  if (!needle) return 0
  let count = 0
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) count += 1
  return count
}

/**
 * The text before the value: what precedes it on its own line (the label, "Order number:"), else the
 * closest non-empty line above. When that text occurs more than once in the email, it grows leftwards
 * (across lines) until it is unique or reaches MAX_ANCHOR characters.
 */
function beforeAnchor(text: string, start: number): { before: string; unique: boolean } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1
  let from = lineStart
  if (!text.slice(lineStart, start).trim()) {
    // The value starts its line: the label is the nearest non-empty line above ("Customer:\nAda Lovelace").
    let end = lineStart - 1
    while (end > 0 && !text.slice(text.lastIndexOf('\n', end - 1) + 1, end).trim()) {
      end = text.lastIndexOf('\n', end - 1)
    }
    if (end <= 0) return { before: '', unique: true }
    from = text.lastIndexOf('\n', end - 1) + 1
  }
  from = Math.max(from, start - MAX_ANCHOR)
  let before = text.slice(from, start).trimStart()
  while (occurrences(text, before) > 1 && from > 0 && start - from < MAX_ANCHOR) {
    from -= 1
    before = text.slice(from, start).trimStart()
  }
  return { before, unique: occurrences(text, before) === 1 }
}

/**
 * The text after the value on its line, up to the next run of two spaces, tab or punctuation-led word; ""
 * when nothing but spaces follows (the value runs to the end of its line, the common case of a label line).
 */
function afterAnchor(text: string, end: number): string {
  const lineEnd = text.indexOf('\n', end)
  const rest = text.slice(end, lineEnd === -1 ? text.length : lineEnd)
  if (!rest.trim()) return ''
  const leading = rest.match(/^\s*/)?.[0] ?? ''
  const word = rest.slice(leading.length).match(/^\S+/)?.[0] ?? ''
  return `${leading}${word}`.slice(0, MAX_ANCHOR)
}

/**
 * Anchors for the selection [start, end) in `text`, the email's text as shown in the editor. Spaces
 * selected around the value by a sloppy drag are left out of the value and belong to the anchors.
 */
export function proposeAnchors(text: string, start: number, end: number): TSelectionAnchors | undefined {
  let from = Math.max(0, Math.min(start, end))
  let to = Math.min(text.length, Math.max(start, end))
  while (from < to && /\s/.test(text.charAt(from))) from += 1
  while (to > from && /\s/.test(text.charAt(to - 1))) to -= 1
  if (from === to) return undefined
  const { before, unique } = beforeAnchor(text, from)
  return { value: text.slice(from, to), before, after: afterAnchor(text, to), unique }
}

/**
 * Finds the value again in another email by the anchors: the text after `before`, up to `after` or the end
 * of the line. The editor checks its own proposal with it before offering it; the server extracts with its
 * own code, this only previews the proposal without a round trip.
 */
export function findByAnchors(text: string, anchors: Pick<TSelectionAnchors, 'before' | 'after'>) {
  const at = anchors.before ? text.indexOf(anchors.before) : 0
  if (at === -1) return undefined
  let from = at + anchors.before.length
  // A label on its own line: the value is on the next non-empty line.
  while (from < text.length && /\s/.test(text.charAt(from))) from += 1
  const lineEnd = text.indexOf('\n', from)
  const line = text.slice(from, lineEnd === -1 ? text.length : lineEnd)
  const stop = anchors.after ? line.indexOf(anchors.after) : -1
  const value = (stop === -1 ? line : line.slice(0, stop)).trim()
  return value || undefined
}

const NUMBER = /^[-+]?(\d{1,3}([ ,.]\d{3})+|\d+)([.,]\d+)?$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/
const SLASHED_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/
const URL_START = /^https?:\/\/\S+$/i

/** The type the value looks like: the editor preselects it, the admin confirms or changes it. */
export function proposeType(value: string): TProposedType {
  const v = value.trim()
  if (URL_START.test(v)) return 'url'
  if (EMAIL.test(v)) return 'email'
  if (ISO_DATE.test(v) || SLASHED_DATE.test(v)) return 'date'
  if (NUMBER.test(v.replace(/^[$€£]\s?|\s?[$€£]$/g, ''))) return 'number'
  return 'text'
}

/** A field key proposed from the name the admin gives ("Order number" -> "order_number"). */
export function proposeKey(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, 'f_$1')
    .slice(0, 40)
}
