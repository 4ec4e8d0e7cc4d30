/**
 * The matches of a global pattern in a text, as `text.matchAll(pattern)` gives them, without the copy of
 * the pattern that matchAll makes on every call: for the long patterns of the rules that copy costs about
 * a microsecond, more than the search itself in a short ticket. The search runs on the pattern's own
 * `lastIndex`, so one pattern must not be read by two of these at the same time.
 */
export function* matchesOf(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  // Without the global flag exec ignores lastIndex and would find the first match for ever.
  if (!pattern.global) throw new TypeError(`matchesOf needs a global pattern: ${pattern}`)
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    // As matchAll does: step past an empty match, by a whole character in a unicode pattern.
    if (match[0] === '') {
      const wide = pattern.unicode && (text.codePointAt(pattern.lastIndex) ?? 0) > 0xffff
      pattern.lastIndex += wide ? 2 : 1
    }
    yield match
  }
}
