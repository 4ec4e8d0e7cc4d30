import { QueryLimits, QueryMessages } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'

export type TAttributeType = 'string' | 'json' | 'datetime' | 'integer' | 'boolean'
export type TAttributeColumn = {
  column: string
  type: TAttributeType
  /** May hold null: a cursor then pages past nulls where Postgres sorts them (last ascending, first descending). */
  isNullable?: boolean
  /** A JSON array of strings (tags): `contains` asks whether it holds a value, as Appwrite's arrays do. */
  isList?: boolean
  /**
   * Long text or JSON (a body, raw mail): filtered by isNull and isNotNull only, since any other filter
   * reads it whole in every row it looks at, and a pattern over megabytes stalled the server.
   */
  isLong?: boolean
  /** Sorted by another column than its own (priority by urgency, not by its name's letters). */
  order?: { column: string; isNullable: boolean }
  /**
   * A JSON object of values by key (tickets' `customFields`): `Query.equal('<attribute>.<key>', values)`
   * is a containment test, which a GIN index answers without reading the object.
   */
  isKeyed?: boolean
}
export type TAttributeColumns = Record<string, TAttributeColumn>

/**
 * Attributes only `Query.search` knows (tickets' `text`, their whole conversation): each turns the
 * tsquery (an SQL expression) into the filter that finds the matching documents.
 */
export type TFullTextAttributes = Record<string, (tsquery: string) => string>

export const SYSTEM_ATTRIBUTES: TAttributeColumns = {
  $id: { column: 'id', type: 'string' },
  $createdAt: { column: 'created_at', type: 'datetime' },
  $updatedAt: { column: 'updated_at', type: 'datetime' },
  // The owner's own count (migration 011); `seq`, the global order, is never shown.
  $sequence: { column: 'scoped_seq', type: 'integer' },
}

export const LIST_LIMIT_DEFAULT = 25
export const LIST_LIMIT_MAX = 5000

type TQuery = { method: string; attribute?: string; values?: unknown[] }

export type TOrder = { column: string; direction: 'asc' | 'desc'; isNullable: boolean }

/** A list request compiled to SQL pieces; `params` grows as fragments are added. */
export type TCompiledQuery = {
  where: string[]
  params: unknown[]
  orders: TOrder[]
  limit: number
  offset: number
  cursor: { documentId: string; direction: 'after' | 'before' } | undefined
  select: string[] | undefined
  /**
   * The text the request's LIKE patterns read (an SQL expression of one attribute) and how hard: the
   * characters matched against it, plus PATTERN_TEXT_WEIGHT for lowering it (document-repository.ts
   * weighs this against QueryLimits.patternWork before the list runs).
   */
  patternReads: { text: string; weight: number }[]
}

/** Lowering a text once costs about what matching ten pattern characters against it does (measured on PGlite). */
const PATTERN_TEXT_WEIGHT = 10

const FILTER_METHODS = new Set([
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'between',
  'isNull',
  'isNotNull',
  'startsWith',
  'endsWith',
  'contains',
  'search',
  'and',
  'or',
])

const TEXT_METHODS = new Set(['startsWith', 'endsWith', 'contains', 'search'])

/** The SDK sends each query as a JSON string; a scalar in `values` is wrapped in an array. */
export function parseQueryStrings(raw: unknown): TQuery[] {
  if (raw === undefined) return []
  const list = Array.isArray(raw) ? raw : typeof raw === 'object' && raw ? Object.values(raw) : [raw]
  if (list.length > QueryLimits.queriesPerRequest) throw AppError.invalidQuery(QueryMessages.tooManyQueries)
  return list.map((item) => {
    let parsed: unknown = item
    if (typeof item === 'string') {
      try {
        parsed = JSON.parse(item)
      } catch {
        throw AppError.invalidQuery(`Invalid query: ${item.slice(0, 100)}`)
      }
    }
    return normaliseQuery(parsed)
  })
}

function normaliseQuery(parsed: unknown): TQuery {
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as TQuery).method !== 'string') {
    throw AppError.invalidQuery('Invalid query: expected {"method","attribute","values"}')
  }
  const q = parsed as TQuery
  const values = q.values === undefined ? [] : Array.isArray(q.values) ? q.values : [q.values]
  return { method: q.method, attribute: q.attribute, values }
}

export function compileQueries(
  queries: TQuery[],
  attributes: TAttributeColumns,
  fullText: TFullTextAttributes = {},
): TCompiledQuery {
  const compiled: TCompiledQuery = {
    where: [],
    params: [],
    orders: [],
    limit: LIST_LIMIT_DEFAULT,
    offset: 0,
    cursor: undefined,
    select: undefined,
    patternReads: [],
  }
  const all = { ...SYSTEM_ATTRIBUTES, ...attributes }
  const context: TFilterContext = {
    all,
    params: compiled.params,
    fullText,
    spent: { queries: 0, patterns: 0, characters: 0, reads: new Map() },
  }
  for (const query of queries) {
    switch (query.method) {
      case 'limit':
        compiled.limit = integerValue(query, 1, LIST_LIMIT_MAX)
        break
      case 'offset':
        compiled.offset = integerValue(query, 0, Number.MAX_SAFE_INTEGER)
        break
      case 'orderAsc':
      case 'orderDesc':
        compiled.orders.push({
          ...orderColumn(all, query.attribute),
          direction: query.method === 'orderAsc' ? 'asc' : 'desc',
        })
        break
      case 'cursorAfter':
      case 'cursorBefore': {
        const id = query.values?.[0]
        if (typeof id !== 'string' || !id)
          throw AppError.invalidQuery(`Invalid query: ${query.method} needs a document id`)
        compiled.cursor = { documentId: id, direction: query.method === 'cursorAfter' ? 'after' : 'before' }
        break
      }
      case 'select':
        compiled.select = (query.values ?? []).map((v) => {
          if (typeof v !== 'string')
            throw AppError.invalidQuery('Invalid query: select takes attribute names')
          if (v !== '*' && !v.startsWith('$')) column(all, v)
          return v
        })
        break
      default:
        compiled.where.push(compileFilter(query, context))
    }
  }
  compiled.patternReads = [...context.spent.reads].map(([text, characters]) => ({
    text,
    weight: characters + PATTERN_TEXT_WEIGHT,
  }))
  return compiled
}

function integerValue(query: TQuery, min: number, max: number): number {
  const value = Number(query.values?.[0])
  if (!Number.isInteger(value) || value < min || value > max) {
    throw AppError.invalidQuery(`Invalid query: ${query.method} must be an integer between ${min} and ${max}`)
  }
  return value
}

function column(all: TAttributeColumns, attribute: string) {
  const found = Object.hasOwn(all, attribute) ? all[attribute] : undefined
  if (!found) throw AppError.invalidQuery(`Invalid query: Attribute not found in schema: ${attribute}`)
  return found
}

/** The column an order reads: the attribute's sort column if it has one, `seq` (insertion) without one. */
function orderColumn(all: TAttributeColumns, attribute: string | undefined): Omit<TOrder, 'direction'> {
  if (!attribute) return { column: 'seq', isNullable: false }
  const found = column(all, attribute)
  return found.order ?? { column: found.column, isNullable: found.isNullable ?? false }
}

/**
 * What one request's filters have used of its allowance so far (QueryLimits), nested filters included;
 * `reads`: the pattern characters matched against each text.
 */
type TSpent = { queries: number; patterns: number; characters: number; reads: Map<string, number> }

type TFilterContext = {
  all: TAttributeColumns
  params: unknown[]
  fullText: TFullTextAttributes
  spent: TSpent
}

/**
 * Counts a request's LIKE patterns against its allowance: each is matched against the attribute of every
 * row the reader holds, at a cost that grows with the pattern's length, so the sum is what one request
 * may cost the database (on PGlite, the server's only thread).
 */
function spendPatterns(spent: TSpent, text: string, patterns: string[]): void {
  const characters = patterns.reduce((sum, pattern) => sum + pattern.length, 0)
  spent.patterns += patterns.length
  spent.characters += characters
  spent.reads.set(text, (spent.reads.get(text) ?? 0) + characters)
  if (spent.patterns > QueryLimits.patternsPerRequest)
    throw AppError.invalidQuery(QueryMessages.tooManyPatterns)
  if (spent.characters > QueryLimits.patternCharacters)
    throw AppError.invalidQuery(QueryMessages.patternsTooLong)
}

const KEY = /^[a-z][a-z0-9_]{0,99}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const KEYED_COMPARISONS: Record<string, string> = {
  greaterThan: '>',
  greaterThanEqual: '>=',
  lessThan: '<',
  lessThanEqual: '<=',
}

/**
 * `<attribute>.<key>` of a keyed attribute: equal to one of the values (a containment test the GIN index
 * answers), or compared with a number or a day (a view's range on a number or date field); undefined for
 * any other attribute. A range holds only values of its own kind, never a text that sorts among numbers.
 */
function keyedFilter(query: TQuery, context: TFilterContext): string | undefined {
  const attribute = query.attribute ?? ''
  const dot = attribute.indexOf('.')
  if (dot < 0 || Object.hasOwn(context.all, attribute)) return undefined
  const keyed = context.all[attribute.slice(0, dot)]
  const key = attribute.slice(dot + 1)
  if (!keyed?.isKeyed || !KEY.test(key)) return undefined
  const comparison = KEYED_COMPARISONS[query.method]
  if (!comparison && query.method !== 'equal' && query.method !== 'between') {
    throw AppError.invalidQuery(
      `Invalid query: ${attribute} is filtered with Query.equal, or compared with a number or a day`,
    )
  }
  const values = query.values ?? []
  const needed = query.method === 'between' ? 2 : 1
  if (values.length < needed)
    throw AppError.invalidQuery(`Invalid query: ${query.method} needs ${needed} value(s)`)
  const compare = (operator: string, value: unknown) =>
    keyedComparison({ column: keyed.column, key, attribute }, operator, value, context)
  if (query.method === 'between') return `(${compare('>=', values[0])} and ${compare('<=', values[1])})`
  if (comparison) return compare(comparison, values[0])
  const tests = values.map((value) => {
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw AppError.invalidQuery(`Invalid query: ${attribute} compares with a text or a number`)
    }
    context.params.push(JSON.stringify({ [key]: value }))
    return `${quoteIdent(keyed.column)} @> $${context.params.length}::jsonb`
  })
  return `(${tests.join(' or ')})`
}

/** One end of a range on a keyed value: numbers as numbers, days (YYYY-MM-DD) in their written order. */
function keyedComparison(
  { column, key, attribute }: { column: string; key: string; attribute: string },
  comparison: string,
  value: unknown,
  context: TFilterContext,
): string {
  const { params } = context
  params.push(key)
  const name = `$${params.length}::text`
  if (typeof value === 'number' && Number.isFinite(value)) {
    params.push(JSON.stringify(value))
    const entry = `${quoteIdent(column)} -> ${name}`
    return `(jsonb_typeof(${entry}) = 'number' and ${entry} ${comparison} $${params.length}::jsonb)`
  }
  if (typeof value === 'string' && DAY.test(value)) {
    params.push(value)
    const entry = `${quoteIdent(column)} -> ${name}`
    return `(jsonb_typeof(${entry}) = 'string' and (${quoteIdent(column)} ->> ${name}) collate "C" ${comparison} $${params.length}::text)`
  }
  throw AppError.invalidQuery(`Invalid query: ${attribute} is compared with a number or a day (YYYY-MM-DD)`)
}

function compileFilter(query: TQuery, context: TFilterContext): string {
  const { all, params, fullText, spent } = context
  if (!FILTER_METHODS.has(query.method)) throw AppError.invalidQuery(`Invalid query method: ${query.method}`)
  spent.queries += 1
  if (spent.queries > QueryLimits.queriesPerRequest) throw AppError.invalidQuery(QueryMessages.tooManyQueries)
  if ((query.values?.length ?? 0) > QueryLimits.valuesPerQuery)
    throw AppError.invalidQuery(QueryMessages.tooManyValues(query.attribute ?? query.method))
  if (query.method === 'and' || query.method === 'or') {
    const nested = (query.values ?? []).map((v) => normaliseQuery(typeof v === 'string' ? safeJson(v) : v))
    if (nested.length === 0) throw AppError.invalidQuery(`Invalid query: ${query.method} needs queries`)
    const parts = nested.map((n) => compileFilter(n, context))
    return `(${parts.join(query.method === 'and' ? ' and ' : ' or ')})`
  }
  if (!query.attribute) throw AppError.invalidQuery(`Invalid query: ${query.method} needs an attribute`)
  const searchOf = Object.hasOwn(fullText, query.attribute) ? fullText[query.attribute] : undefined
  if (searchOf) {
    if (query.method !== 'search')
      throw AppError.invalidQuery(`Invalid query: ${query.attribute} is searched with Query.search only`)
    params.push(prefixQuery(query.values?.[0]))
    // Postgres reads a hyphenated word ("INV-2041") as a phrase of its parts, and a phrase never matches the
    // position-less vectors (migration 024): each part is required instead, as every word of a search is.
    return searchOf(
      `regexp_replace(to_tsquery('simple', $${params.length})::text, '<[0-9-]+>', '&', 'g')::tsquery`,
    )
  }
  const keyed = keyedFilter(query, context)
  if (keyed) return keyed
  const { column: name, type, isList, isLong } = column(all, query.attribute)
  if (isLong && query.method !== 'isNull' && query.method !== 'isNotNull') {
    throw AppError.invalidQuery(
      QueryMessages.longAttribute(query.method, query.attribute, Object.keys(fullText)[0]),
    )
  }
  if (TEXT_METHODS.has(query.method) && type !== 'string' && type !== 'json') {
    throw AppError.invalidQuery(
      `Invalid query: ${query.method} works on text attributes, not ${query.attribute}`,
    )
  }
  const col = quoteIdent(name)
  const text = type === 'json' ? `${col}::text` : col
  const values = query.values ?? []
  // Integers are compared as bigint whatever the column's width, so a number too big for it is no error.
  const cast = type === 'integer' ? '::bigint' : ''
  const bind = (value: unknown) => {
    params.push(castValue(value, type, query))
    return `$${params.length}${cast}`
  }
  // One value as a one-element JSON array, for containment (which a GIN index answers).
  const bindList = (value: unknown) => {
    params.push(JSON.stringify([castValue(value, 'string', query)]))
    return `$${params.length}::jsonb`
  }
  const needValues = (n: number) => {
    if (values.length < n) throw AppError.invalidQuery(`Invalid query: ${query.method} needs ${n} value(s)`)
  }
  switch (query.method) {
    case 'equal':
      needValues(1)
      return `(${values.map((v) => `${text} = ${bind(v)}`).join(' or ')})`
    case 'notEqual':
      needValues(1)
      return `(${values.map((v) => `${text} is distinct from ${bind(v)}`).join(' and ')})`
    case 'lessThan':
      needValues(1)
      return `${col} < ${bind(values[0])}`
    case 'lessThanEqual':
      needValues(1)
      return `${col} <= ${bind(values[0])}`
    case 'greaterThan':
      needValues(1)
      return `${col} > ${bind(values[0])}`
    case 'greaterThanEqual':
      needValues(1)
      return `${col} >= ${bind(values[0])}`
    case 'between':
      needValues(2)
      return `${col} between ${bind(values[0])} and ${bind(values[1])}`
    case 'isNull':
      return `${col} is null`
    case 'isNotNull':
      return `${col} is not null`
    case 'startsWith':
      needValues(1)
      spendPatterns(spent, text, [String(values[0])])
      return `${text} like ${bind(`${escapeLike(String(values[0]))}%`)}`
    case 'endsWith':
      needValues(1)
      spendPatterns(spent, text, [String(values[0])])
      return `${text} like ${bind(`%${escapeLike(String(values[0]))}`)}`
    case 'contains':
      needValues(1)
      if (isList) {
        return `(${values.map((v) => `${col} @> ${bindList(v)}`).join(' or ')})`
      }
      {
        const patterns = values.map((v) => String(castValue(v, 'string', query)))
        spendPatterns(spent, text, patterns)
        // As ilike matches, but the text is lowered once for all the values, not once for each.
        params.push(patterns.map((pattern) => `%${escapeLike(pattern)}%`))
        return `lower(${text}) like any (array(select lower(p) from unnest($${params.length}::text[]) as p))`
      }
    default:
      // Appwrite's answer too: a search needs a full-text index, which only the full-text attributes have.
      throw AppError.invalidQuery(QueryMessages.needsFullText(query.attribute, Object.keys(fullText)[0]))
  }
}

// What to_tsquery reads as operators, weights or quotes: the words between them are what is searched.
const TSQUERY_SYNTAX = /[\s&|!<>():*'"\\]+/u

/**
 * The words of a search, each as a prefix, all required: "refund invoi" finds "refunds" and "invoice". Each
 * chunk is parsed by Postgres's own parser ('simple', as the vectors are), so an address or a hyphenated
 * word is split the way the text was. A search without any word is refused rather than matching all.
 */
function prefixQuery(value: unknown): string {
  if (typeof value !== 'string') throw AppError.invalidQuery('Invalid query: search takes a string')
  const words = value.split(TSQUERY_SYNTAX).filter((word) => /[\p{L}\p{N}]/u.test(word))
  if (words.length === 0) throw AppError.invalidQuery('Invalid query: search needs at least one word')
  return (
    words
      .slice(0, 20)
      // Postgres reads the digits after a hyphen as a negative number ("INV-2041" is `inv` and `-2041`):
      // digits alone match them either way.
      .map((word) => (/^\d+$/.test(word) ? `(${word}:* | -${word}:*)` : `${word}:*`))
      .join(' & ')
  )
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    throw AppError.invalidQuery(`Invalid query: ${value.slice(0, 100)}`)
  }
}

// Postgres keeps dates from 4713 BC to 294276 AD; ours are all in four-digit years.
const EARLIEST_DATE = Date.UTC(1, 0, 1)
const LATEST_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

function castValue(value: unknown, type: TAttributeType, query: TQuery): unknown {
  if (type === 'integer') {
    const n = Number(value)
    if (!Number.isSafeInteger(n)) {
      throw AppError.invalidQuery(
        `Invalid query: ${query.attribute} takes whole numbers between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`,
      )
    }
    return n
  }
  if (type === 'boolean') {
    if (value !== true && value !== false && value !== 'true' && value !== 'false')
      throw AppError.invalidQuery(`Invalid query: ${query.attribute} takes true or false`)
    return value === true || value === 'true'
  }
  if (type === 'datetime') {
    const d = new Date(String(value))
    if (Number.isNaN(d.getTime()) || d.getTime() < EARLIEST_DATE || d.getTime() > LATEST_DATE)
      throw AppError.invalidQuery(`Invalid query: ${query.attribute} takes dates from year 1 to 9999`)
    return d
  }
  if (value === null || typeof value === 'object') {
    throw AppError.invalidQuery(`Invalid query: ${query.attribute} takes a string`)
  }
  return String(value)
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
