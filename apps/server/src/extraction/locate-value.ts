import {
  LocatorKind,
  TemplateMessages,
  type TFieldLocator,
  type TMailPart,
  type TSampleMail,
  type TValueSource,
} from '@parsedesk/contracts'
import { userPattern } from './user-patterns'

/** A value found in the mail: its text as written and where it sits. */
export type TLocated = { raw: string; source: TValueSource }

/** A locator that cannot run on this mail (a regex without that group): the field's error. */
export class LocatorError extends Error {}

/**
 * Case-insensitive indexOf that keeps the text's offsets: lower-casing is only used when it leaves the
 * length unchanged (it does not for a few letters, such as "İ"), else the search is exact.
 */
export function indexOfAnyCase(text: string, needle: string, from = 0): number {
  const lowerText = text.toLowerCase()
  const lowerNeedle = needle.toLowerCase()
  if (lowerText.length !== text.length || lowerNeedle.length !== needle.length) {
    return text.indexOf(needle, from)
  }
  return lowerText.indexOf(lowerNeedle, from)
}

function lineOf(text: string, offset: number): number {
  let line = 1
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line += 1
  return line
}

function textSource(text: string, part: TMailPart, start: number, end: number): TLocated | undefined {
  let from = start
  let to = end
  while (from < to && /\s/.test(text.charAt(from))) from += 1
  while (to > from && /\s/.test(text.charAt(to - 1))) to -= 1
  if (from === to) return undefined
  return {
    raw: text.slice(from, to),
    source: { kind: 'text', in: part, start: from, end: to, line: lineOf(text, from) },
  }
}

const lineEndFrom = (text: string, from: number) => {
  const end = text.indexOf('\n', from)
  return end === -1 ? text.length : end
}

/**
 * After `before`, the value runs to `after` on the same line, or to the line's end; a label alone on its
 * line reads the next non-empty line. The web editor's `findByAnchors` reads anchors the same way, so a
 * proposal it checked is found again here.
 */
function between(text: string, part: TMailPart, before: string, after: string | null) {
  const at = indexOfAnyCase(text, before)
  if (at === -1) return undefined
  let from = at + before.length
  while (from < text.length && /\s/.test(text.charAt(from))) from += 1
  const lineEnd = lineEndFrom(text, from)
  const stop = after ? indexOfAnyCase(text.slice(0, lineEnd), after, from) : -1
  return textSource(text, part, from, stop === -1 ? lineEnd : stop)
}

function byPattern(text: string, part: TMailPart, pattern: string, group: number) {
  const compiled = userPattern(pattern)
  const matcher = compiled.matcher(text)
  if (group > matcher.groupCount()) throw new LocatorError(TemplateMessages.patternGroup)
  if (!matcher.find()) return undefined
  const start = matcher.start(group)
  const end = matcher.end(group)
  if (start < 0 || end < 0) return undefined
  return textSource(text, part, start, end)
}

/**
 * Between table cells: a `|` or a tab (with the spaces around it), a `:` followed by a space or the line's
 * end (so "12:30" and "https://" stay whole), or two spaces or more.
 */
const CELL_SEPARATOR = /[ \t]*[|\t][ \t]*|[ \t]*:(?:[ \t]+|$)|[ \t]{2,}/g
const LABEL_END = /[\s:|]+$/

/**
 * The line whose first cell is the label (any case; a leading `|` of a drawn table is skipped); the value
 * is its cell `column` after the label.
 */
function tableRow(text: string, label: string, column: number) {
  const wanted = label.replace(LABEL_END, '').trim()
  if (!wanted) return undefined
  for (let lineStart = 0; lineStart <= text.length; ) {
    const lineEnd = lineEndFrom(text, lineStart)
    let from = lineStart
    while (from < lineEnd && /[\s|]/.test(text.charAt(from))) from += 1
    const cellStart = from + wanted.length
    if (
      indexOfAnyCase(text.slice(from, cellStart), wanted) === 0 &&
      (cellStart === lineEnd || /[\s|:]/.test(text.charAt(cellStart)))
    ) {
      const found = cell(text, cellStart, lineEnd, column)
      if (found) return found
    }
    lineStart = lineEnd + 1
  }
  return undefined
}

function cell(text: string, afterLabel: number, lineEnd: number, column: number) {
  const separators = [...text.slice(afterLabel, lineEnd).matchAll(CELL_SEPARATOR)]
  // The label's cell ends at the first separator; cell n runs from separator n-1 to separator n.
  if (separators[0]?.index !== 0) return undefined
  const opening = separators[column - 1]
  if (!opening) return undefined
  const start = afterLabel + (opening.index ?? 0) + opening[0].length
  const closing = separators[column]
  return textSource(text, 'body', start, closing ? afterLabel + (closing.index ?? 0) : lineEnd)
}

/** Finds a field's text in the mail, or undefined when the mail does not hold it. */
export function locateValue(locator: TFieldLocator, mail: TSampleMail): TLocated | undefined {
  switch (locator.kind) {
    case LocatorKind.between:
      return between(mail[locator.in], locator.in, locator.before, locator.after)
    case LocatorKind.regex:
      return byPattern(mail[locator.in], locator.in, locator.pattern, locator.group)
    case LocatorKind.header: {
      const name = locator.name.toLowerCase()
      const value = mail.headers[name]?.trim()
      return value ? { raw: value, source: { kind: 'header', name } } : undefined
    }
    case LocatorKind.tableRow:
      return tableRow(mail.body, locator.label, locator.column)
  }
}
