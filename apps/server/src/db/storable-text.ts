// PostgreSQL's text and jsonb cannot hold U+0000, and its UTF-8 encoder refuses a surrogate that is not
// half of a pair (JavaScript strings can hold both). Mail, webhooks and API bodies bring both, so every
// string is made storable before it reaches the database, never at the caller's discretion.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this removes
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const HAS_UNSTORABLE = /[\u0000\uD800-\uDFFF]/

/** The text without NUL characters and lone surrogates (a lone surrogate becomes U+FFFD, as a decoder would). */
export function toStorableText(text: string): string {
  if (!HAS_UNSTORABLE.test(text)) return text
  return text.replace(UNSTORABLE, (found) => (found === '\u0000' ? '' : '\uFFFD'))
}

/** A query parameter made storable: strings and arrays of strings; bytes and everything else unchanged. */
export function toStorableParam(value: unknown): unknown {
  if (typeof value === 'string') return toStorableText(value)
  if (Array.isArray(value)) return value.map(toStorableParam)
  return value
}

export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`JSON is nested more than ${maxDepth} levels deep`)
  }
}

/** Deep enough for any mail or API payload we keep; deeper is refused before it can exhaust the stack. */
export const MAX_JSON_DEPTH = 64

/**
 * JSON text for a jsonb column: keys and string values made storable. JSON.stringify writes a NUL or a
 * lone surrogate as an escape that jsonb refuses, so they are removed before, not after.
 */
export function toStorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): string {
  return JSON.stringify(storableCopy(value, maxDepth, 0))
}

function storableCopy(value: unknown, maxDepth: number, depth: number): unknown {
  if (typeof value === 'string') return toStorableText(value)
  if (value === null || typeof value !== 'object') return value
  const toJson = (value as { toJSON?: unknown }).toJSON
  if (typeof toJson === 'function') return storableCopy(toJson.call(value), maxDepth, depth)
  if (depth >= maxDepth) throw new JsonTooDeepError(maxDepth)
  if (Array.isArray(value)) return value.map((item) => storableCopy(item, maxDepth, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    copy[toStorableText(key)] = storableCopy(item, maxDepth, depth + 1)
  }
  return copy
}
