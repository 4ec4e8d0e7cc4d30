// What an address may have before its "@": letters and digits of any script and ._%+-.
const LOCAL_PART_CHARACTER = /[\p{L}\p{N}._%+-]/uy

/**
 * Where a match of an address pattern `\b[\p{L}\p{N}._%+-]+@<domain>` that uses the "@" at `at` must
 * start, at or after `from`: the first word boundary in the run of local-part characters before the "@",
 * or -1 when there is none. From any later start in that run the pattern reads the same local part up to
 * the same "@" and the same domain after it, so it matches there only if it matches here. A global search
 * instead tries every word start and reads each word to its end looking for an "@", which on a long run
 * like "a.a.a.a…" costs time in the square of its length.
 */
export function addressStart(options: { text: string; at: number; from: number }): number {
  const { text, at, from } = options
  let start = at
  while (start > from) {
    const previous = codePointStartBefore(text, start)
    LOCAL_PART_CHARACTER.lastIndex = previous
    if (previous < from || !LOCAL_PART_CHARACTER.test(text)) break
    start = previous
  }
  for (let position = start; position < at; position++) {
    if (isWordCharacter(text, position - 1) !== isWordCharacter(text, position)) return position
  }
  return -1
}

function codePointStartBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1)
  const high = text.charCodeAt(index - 2)
  const isPair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff
  return isPair ? index - 2 : index - 1
}

// What \b looks at in a pattern without the i flag: ASCII letters, digits and the underscore.
function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f
  )
}
