import { MAX_JSON_DEPTH } from '@parsedesk/contracts'
import { cleanText } from '../core/clean-text'

// Mail, webhooks and API bodies bring text Postgres cannot store (see cleanText), so every string is
// cleaned on its way into the database, never at each caller's discretion.

/** A query parameter made storable: strings and arrays of strings; bytes and everything else unchanged. */
export function toStorableParam(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value)
  if (Array.isArray(value)) return value.map(toStorableParam)
  return value
}

export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`JSON is nested more than ${maxDepth} levels deep`)
  }
}

/**
 * JSON text for a jsonb column, keys and string values cleaned. JSON.stringify writes a NUL or a lone
 * surrogate as an escape that jsonb refuses, so they are removed before, not after.
 */
export function toStorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): string {
  return JSON.stringify(storableCopy(value, maxDepth, 0))
}

function storableCopy(value: unknown, maxDepth: number, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value)
  if (value === null || typeof value !== 'object') return value
  const toJson = (value as { toJSON?: unknown }).toJSON
  if (typeof toJson === 'function') return storableCopy(toJson.call(value), maxDepth, depth)
  if (depth >= maxDepth) throw new JsonTooDeepError(maxDepth)
  if (Array.isArray(value)) return value.map((item) => storableCopy(item, maxDepth, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    copy[cleanText(key)] = storableCopy(item, maxDepth, depth + 1)
  }
  return copy
}
