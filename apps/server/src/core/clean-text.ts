// C0 controls but tab (09), line feed (0A) and carriage return (0D); and surrogates without their other half.
const CONTROLS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F'
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]'
const UNWANTED = new RegExp(`[${CONTROLS}]|${LONE_SURROGATE}`, 'g')
const MAY_HAVE_UNWANTED = new RegExp(`[${CONTROLS}\\uD800-\\uDFFF]`)

/**
 * Text without what no page can show and Postgres cannot store: NUL (text and jsonb refuse it), the other
 * C0 controls but tab, line feed and carriage return (invisible, yet six bytes each as JSON escapes: a
 * body of a million of them is 6 MB in every answer), and surrogates that are not half of a pair (the
 * UTF-8 encoder refuses them), which become U+FFFD as a decoder would make them.
 */
export function cleanText(text: string): string {
  if (!MAY_HAVE_UNWANTED.test(text)) return text
  return text.replace(UNWANTED, (found) => (found.length === 1 && found < '\u0020' ? '' : '\uFFFD'))
}
