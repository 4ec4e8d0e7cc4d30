/**
 * The queries a realtime subscription may carry, checked against each event's payload in memory.
 * SDK 24 sends `select(["*"])` when a subscription has none; 25+ sends an empty list.
 */
export type TRuntimeQuery =
  | { method: 'equal' | 'notEqual'; attribute: string; values: unknown[] }
  | {
      method: 'lessThan' | 'lessThanEqual' | 'greaterThan' | 'greaterThanEqual' | 'startsWith' | 'endsWith'
      attribute: string
      value: unknown
    }
  | { method: 'isNull' | 'isNotNull'; attribute: string }
  | { method: 'and' | 'or'; queries: TRuntimeQuery[] }

export class RuntimeQueryError extends Error {}

const COMPARISONS = new Set(['lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual'])
const AFFIXES = new Set(['startsWith', 'endsWith'])
const MAX_DEPTH = 3

function parseOne(input: unknown, depth: number): TRuntimeQuery | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new RuntimeQueryError('a query must be an object')
  }
  const { method, attribute, values } = input as { method?: unknown; attribute?: unknown; values?: unknown }
  const list = values === undefined ? [] : Array.isArray(values) ? values : [values]
  if (method === 'select') {
    if (list.length === 1 && list[0] === '*') return undefined
    throw new RuntimeQueryError('realtime supports only select(["*"])')
  }
  if (method === 'and' || method === 'or') {
    if (depth >= MAX_DEPTH) throw new RuntimeQueryError('queries are nested too deeply')
    const queries = list.map((q) => parseOne(q, depth + 1)).filter((q) => q !== undefined)
    if (queries.length === 0) throw new RuntimeQueryError(`${method} needs at least one query`)
    return { method, queries }
  }
  if (typeof method !== 'string') throw new RuntimeQueryError('a query needs a method')
  if (typeof attribute !== 'string' || attribute === '') {
    throw new RuntimeQueryError(`${method} needs an attribute`)
  }
  if (method === 'equal' || method === 'notEqual') {
    if (list.length === 0) throw new RuntimeQueryError(`${method} needs a value`)
    return { method, attribute, values: list }
  }
  if (method === 'isNull' || method === 'isNotNull') return { method, attribute }
  if (COMPARISONS.has(method) || AFFIXES.has(method)) {
    if (list.length !== 1) throw new RuntimeQueryError(`${method} needs exactly one value`)
    if (AFFIXES.has(method) && typeof list[0] !== 'string') {
      throw new RuntimeQueryError(`${method} needs a string`)
    }
    return { method: method as 'lessThan', attribute, value: list[0] }
  }
  throw new RuntimeQueryError(`query method "${method}" is not supported in realtime`)
}

/** Parses the SDK's query strings; `select(["*"])` means no filter and is dropped. */
export function parseRuntimeQueries(queries: string[]): TRuntimeQuery[] {
  const parsed: TRuntimeQuery[] = []
  for (const text of queries) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new RuntimeQueryError('a query must be JSON')
    }
    const query = parseOne(json, 0)
    if (query) parsed.push(query)
  }
  return parsed
}

function compare(actual: unknown, expected: unknown): number | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected
  if (typeof actual === 'string' && typeof expected === 'string')
    return actual < expected ? -1 : +(actual > expected)
  return undefined
}

function matchesOne(query: TRuntimeQuery, payload: Record<string, unknown>): boolean {
  switch (query.method) {
    case 'and':
      return query.queries.every((q) => matchesOne(q, payload))
    case 'or':
      return query.queries.some((q) => matchesOne(q, payload))
    case 'isNull':
      return payload[query.attribute] == null
    case 'isNotNull':
      return payload[query.attribute] != null
    case 'equal':
      return query.values.includes(payload[query.attribute])
    case 'notEqual':
      return !query.values.includes(payload[query.attribute])
    case 'startsWith':
    case 'endsWith': {
      const actual = payload[query.attribute]
      if (typeof actual !== 'string') return false
      return query.method === 'startsWith'
        ? actual.startsWith(query.value as string)
        : actual.endsWith(query.value as string)
    }
    default: {
      const order = compare(payload[query.attribute], query.value)
      if (order === undefined) return false
      if (query.method === 'lessThan') return order < 0
      if (query.method === 'lessThanEqual') return order <= 0
      if (query.method === 'greaterThan') return order > 0
      return order >= 0
    }
  }
}

/** Every query must hold (Appwrite joins a subscription's queries with AND). */
export function matchesRuntimeQueries(queries: TRuntimeQuery[], payload: Record<string, unknown>): boolean {
  return queries.every((q) => matchesOne(q, payload))
}
