import { ErrorType, LIST_TOTAL_CAP, QueryLimits, QueryMessages } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import { valuesList } from '../db/values-list'
import type { TCollectionDefinition, TDocumentRow } from './collection'
import { describeBytes, documentSizeSql, LIST_MAX_BYTES } from './document-size'
import { formatPermissions, rolesFor, type TPermission, teamIdsOfRoles } from './permissions'
import { quoteIdent, type TCompiledQuery, type TOrder } from './queries'

function columnValue(def: TCollectionDefinition, name: string, value: unknown): unknown {
  if (value === undefined || value === null) return null
  return def.attributes[name]?.type === 'json' ? toStorableJson(value) : value
}

export type TInsertDocumentOptions = { id: string; data: Record<string, unknown>; permissions: TPermission[] }

export async function insertDocument(
  db: TQueryable,
  def: TCollectionDefinition,
  options: TInsertDocumentOptions,
): Promise<TDocumentRow> {
  const [row] = await insertDocuments(db, def, [options])
  if (!row) throw new AppError(ErrorType.documentAlreadyExists)
  return row
}

/**
 * Several documents of one collection in one statement, all with the attributes of the first; returned in
 * the order given, without any whose id was already taken.
 */
export async function insertDocuments(
  db: TQueryable,
  def: TCollectionDefinition,
  documents: TInsertDocumentOptions[],
): Promise<TDocumentRow[]> {
  const first = documents[0]
  if (!first) return []
  const attributesOf = (document: TInsertDocumentOptions) =>
    Object.keys(document.data).filter((name) => def.attributes[name])
  const names = attributesOf(first)
  // One column list for all: a document with other attributes would silently lose them.
  if (documents.some((document) => attributesOf(document).join() !== names.join()))
    throw new Error(`documents inserted together need the same attributes: ${names.join(', ')}`)
  const columns = ['id', 'permissions', 'read_roles', ...names.map(quoteIdent)]
  const values = documents.flatMap((document) => [
    document.id,
    formatPermissions(document.permissions),
    rolesFor(document.permissions, 'read'),
    ...names.map((name) => columnValue(def, name, document.data[name])),
  ])
  const { rows } = await db.query<TDocumentRow>(
    `insert into ${quoteIdent(def.table)} (${columns.join(', ')})
     values ${valuesList(documents.length, columns.length)}
     on conflict (id) do nothing returning *`,
    values,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return documents.flatMap((document) => byId.get(document.id) ?? [])
}

/**
 * What a document the reader may read weighs as the API sends it, from sizes Postgres keeps; 0 when there
 * is none (another user's document weighs nothing, so the budget tells nothing of it).
 */
export async function weighDocument(
  db: TQueryable,
  def: TCollectionDefinition,
  id: string,
  reader: TReader,
): Promise<number> {
  const params: unknown[] = [id]
  const { rows } = await db.query<{ bytes: number }>(
    `select (${documentSizeSql(def.attributes, undefined)})::float8 as bytes from ${quoteIdent(def.table)}
     where id = $1 and ${readableBy(def, reader, params)}`,
    params,
  )
  return rows[0]?.bytes ?? 0
}

export async function findDocument(
  db: TQueryable,
  def: TCollectionDefinition,
  id: string,
): Promise<TDocumentRow | undefined> {
  const { rows } = await db.query<TDocumentRow>(`select * from ${quoteIdent(def.table)} where id = $1`, [id])
  return rows[0]
}

export type TUpdateDocumentOptions = {
  id: string
  data: Record<string, unknown>
  permissions?: TPermission[] | undefined
}

export async function updateDocument(
  db: TQueryable,
  def: TCollectionDefinition,
  options: TUpdateDocumentOptions,
): Promise<TDocumentRow | undefined> {
  const names = Object.keys(options.data).filter((name) => def.attributes[name])
  const params: unknown[] = [options.id]
  const sets = ['updated_at = now()']
  for (const name of names) {
    params.push(columnValue(def, name, options.data[name]))
    sets.push(`${quoteIdent(name)} = $${params.length}`)
  }
  if (options.permissions) {
    params.push(formatPermissions(options.permissions), rolesFor(options.permissions, 'read'))
    sets.push(`permissions = $${params.length - 1}`, `read_roles = $${params.length}`)
  }
  const { rows } = await db.query<TDocumentRow>(
    `update ${quoteIdent(def.table)} set ${sets.join(', ')} where id = $1 returning *`,
    params,
  )
  return rows[0]
}

export async function deleteDocument(
  db: TQueryable,
  def: TCollectionDefinition,
  id: string,
): Promise<TDocumentRow | undefined> {
  const { rows } = await db.query<TDocumentRow>(
    `delete from ${quoteIdent(def.table)} where id = $1 returning *`,
    [id],
  )
  return rows[0]
}

export type TReader = {
  roles: string[]
  /** Told what a page weighs before it is read; throws to refuse it. */
  spend?(bytes: number): void
}

/**
 * Lists what the reader may read, with the compiled filters, order, cursor and paging. The page is
 * weighed first, from sizes Postgres keeps, and refused when it holds more than one document and more
 * than LIST_MAX_BYTES: no single request may read and send hundreds of megabytes.
 */
export async function listDocuments(
  db: TQueryable,
  def: TCollectionDefinition,
  query: TCompiledQuery,
  reader: TReader,
  /** False when the caller asked for no total (the SDK's `total: false`): it is 0 and never counted. */
  withTotal = true,
): Promise<{ total: number; rows: TDocumentRow[] }> {
  const table = quoteIdent(def.table)
  const params = [...query.params]
  const where = [...query.where, readableBy(def, reader, params)]
  const countParams = [...params]
  const orders = withTiebreak(query.orders)

  if (query.patternReads.length > 0) await assertPatternWork(db, def, query, reader)
  const pageWhere = [...where]
  let pageOrders = orders
  if (query.cursor) {
    const cursorRow = await findReadableDocument(db, def, query.cursor.documentId, reader)
    // A document the reader may not read is a cursor that does not exist: its fields never reach the query.
    if (!cursorRow)
      throw AppError.invalidQuery(`Document '${query.cursor.documentId}' for the 'cursor' value not found.`)
    if (query.cursor.direction === 'before') pageOrders = orders.map(reverse)
    pageWhere.push(afterCursor(pageOrders, cursorRow, params, table))
  }
  const page = (columns: string) =>
    `select ${columns} from ${table} where ${pageWhere.join(' and ')}
     order by ${pageOrders.map((o) => `${quoteIdent(o.column)} ${o.direction}`).join(', ')}
     limit ${query.limit} offset ${query.offset}`

  const { rows: weighed } = await db.query<{ documents: number; bytes: number }>(
    `select count(*)::int as documents, coalesce(sum(size), 0)::float8 as bytes
     from (${page(`${documentSizeSql(def.attributes, query.select)} as size`)}) as page`,
    params,
  )
  const { documents = 0, bytes = 0 } = weighed[0] ?? {}
  if (documents > 1 && bytes > LIST_MAX_BYTES) {
    throw AppError.invalidQuery(
      `These ${documents} documents are about ${describeBytes(bytes)} together, more than the ${describeBytes(LIST_MAX_BYTES)} one answer may hold: ask for fewer with Query.limit() or for fewer attributes with Query.select()`,
    )
  }
  reader.spend?.(bytes)
  // Counting what a common search word matches costs more than reading its page: a list that shows no
  // total (a search, a "Load more") skips it. A counted page carries its total in the same statement, so
  // both come from one snapshot: read apart, a ticket committed between them was counted but not listed,
  // and the dashboard said "1 ticket" over an empty list. The count's `where` is the page's without the
  // cursor, whose parameters come last: the same parameters serve both.
  const countColumn = withTotal ? `, (${countSql(table, where)}) as ${quoteIdent(TOTAL_COLUMN)}` : ''
  // One after the other: on Postgres a list's statements share its connection, the one its statement
  // timeout is set on (document-service.ts).
  const { rows } = await db.query<TDocumentRow>(
    page(`${pageColumns(def, query.select)}${countColumn}`),
    params,
  )
  const carried = takeTotal(rows)
  const isWholeFirstPage = !query.cursor && query.offset === 0
  // An empty page carries no total: the first page's emptiness is its total, a later page's is counted.
  const total = !withTotal
    ? 0
    : (carried ?? (isWholeFirstPage ? 0 : await countMatches(db, table, where, countParams)))
  if (query.cursor?.direction === 'before') rows.reverse()
  return { total, rows }
}

/** The column a counted page carries its total in, taken off each row before the row goes anywhere. */
const TOTAL_COLUMN = '__list_total'

function countSql(table: string, where: string[]): string {
  return `select count(*)::int from (select 1 from ${table} where ${where.join(' and ')} limit ${LIST_TOTAL_CAP}) t`
}

/** The total the page's rows carried (null for an empty page), taken off them. */
function takeTotal(rows: TDocumentRow[]): number | null {
  const carried = rows[0]?.[TOTAL_COLUMN]
  for (const row of rows) delete row[TOTAL_COLUMN]
  return carried === undefined ? null : Number(carried)
}

/** How many documents `where` matches, counted up to LIST_TOTAL_CAP. */
async function countMatches(db: TQueryable, table: string, where: string[], params: unknown[]) {
  const { rows } = await db.query<{ count: number }>(countSql(table, where), params)
  return rows[0]?.count ?? 0
}

/**
 * Refuses a list whose LIKE patterns would compare too much text: the bytes each pattern reads in every
 * document the reader may read (sizes Postgres keeps, no text is read), times its weight. Matching is
 * charged per character of text and pattern, so a few patterns over a million-character body once froze
 * PGlite, and with it the whole server, for 16 s; the reader's other filters are left out, since the
 * patterns may be tested first.
 */
async function assertPatternWork(
  db: TQueryable,
  def: TCollectionDefinition,
  query: TCompiledQuery,
  reader: TReader,
): Promise<void> {
  const params: unknown[] = []
  const readable = readableBy(def, reader, params)
  const work = query.patternReads
    .map(({ text, weight }) => `coalesce(sum(octet_length(${text})), 0)::float8 * ${weight}`)
    .join(' + ')
  const { rows } = await db.query<{ work: number }>(
    `select ${work} as work from ${quoteIdent(def.table)} where ${readable}`,
    params,
  )
  if ((rows[0]?.work ?? 0) > QueryLimits.patternWork)
    throw AppError.invalidQuery(QueryMessages.tooMuchPatternWork)
}

// What every document model shows, whatever was selected (document-model.ts).
const SYSTEM_COLUMNS = ['seq', 'scoped_seq', 'id', 'created_at', 'updated_at', 'permissions', 'read_roles']

/**
 * The columns a page reads: with a select, only the selected attributes beside the system columns. A
 * dashboard list selects a few short fields of tickets whose bodies and raw mail run to kilobytes; reading
 * and decoding those for nothing cost a list of 100 more Node time than everything else it does.
 */
function pageColumns(def: TCollectionDefinition, select: string[] | undefined): string {
  if (!select || select.includes('*')) return '*'
  const attributes = select.flatMap((name) => {
    const attribute = def.attributes[name]
    return attribute ? [quoteIdent(attribute.column)] : []
  })
  return [...new Set([...SYSTEM_COLUMNS, ...attributes])].join(', ')
}

/** The document if the reader may read it, by the same rule as a list; undefined otherwise. */
async function findReadableDocument(
  db: TQueryable,
  def: TCollectionDefinition,
  id: string,
  reader: TReader,
): Promise<TDocumentRow | undefined> {
  const params: unknown[] = [id]
  const { rows } = await db.query<TDocumentRow>(
    `select * from ${quoteIdent(def.table)} where id = $1 and ${readableBy(def, reader, params)}`,
    params,
  )
  return rows[0]
}

/**
 * In a workspace collection the workspace column says exactly what the read roles say, and its index
 * serves "the newest of one workspace" directly; the read-roles array is the general case. One workspace
 * (the usual case) is an equality: an index scan in order, where `= any` would sort every match first.
 */
function readableBy(def: TCollectionDefinition, reader: TReader, params: unknown[]): string {
  if (def.workspaceAttribute) {
    const teams = teamIdsOfRoles(reader.roles)
    params.push(teams.length === 1 ? teams[0] : teams)
    const column = quoteIdent(def.workspaceAttribute)
    return teams.length === 1 ? `${column} = $${params.length}` : `${column} = any($${params.length}::text[])`
  }
  params.push(reader.roles)
  return `read_roles && $${params.length}::text[]`
}

function withTiebreak(orders: TOrder[]): TOrder[] {
  if (orders.length === 0) return [{ column: 'seq', direction: 'asc', isNullable: false }]
  if (orders.some((o) => o.column === 'seq')) return orders
  return [...orders, { column: 'seq', direction: orders[0]!.direction, isNullable: false }]
}

function reverse(order: TOrder): TOrder {
  return { ...order, direction: order.direction === 'asc' ? 'desc' : 'asc' }
}

/**
 * Rows strictly after `cursor` in `orders`. When every column is never null and all run one way, that is
 * one row comparison, `(a, b, seq) < (x, y, z)`, which an index on those columns starts its scan at: a
 * page deep in 100,000 tickets reads its rows, not every row before them. Otherwise it is
 * (a after x) or (a = x and b after y) ..., where "after" knows Postgres sorts nulls last ascending and
 * first descending, so rows whose value is null are neither skipped nor repeated. The cursor's values are
 * read by the statement itself: a time sent back from JavaScript would lose its microseconds, and rows of
 * one millisecond would be skipped.
 */
function afterCursor(orders: TOrder[], cursor: TDocumentRow, params: unknown[], table: string): string {
  params.push(cursor.id)
  const cursorId = `$${params.length}`
  const cursorValue = (column: string) =>
    `(select ${quoteIdent(column)} from ${table} where id = ${cursorId})`
  const direction = orders[0]?.direction
  if (orders.every((o) => !o.isNullable && o.direction === direction)) {
    const columns = orders.map((o) => quoteIdent(o.column)).join(', ')
    const values = orders.map((o) => cursorValue(o.column)).join(', ')
    return `((${columns}) ${direction === 'asc' ? '>' : '<'} (${values}))`
  }
  const clauses = orders.map((order, i) => {
    const equalities = orders.slice(0, i).map((prev) => {
      const value = cursor[prev.column]
      return value === null || value === undefined
        ? `${quoteIdent(prev.column)} is null`
        : `${quoteIdent(prev.column)} = ${cursorValue(prev.column)}`
    })
    return `(${[...equalities, strictlyAfter(order, cursor[order.column], cursorValue(order.column))].join(' and ')})`
  })
  return `(${clauses.join(' or ')})`
}

/** The rows whose `order` column comes strictly after `value` (nulls last ascending, first descending). */
function strictlyAfter(order: TOrder, value: unknown, valueSql: string): string {
  const name = quoteIdent(order.column)
  const isNull = value === null || value === undefined
  if (order.direction === 'asc') return isNull ? 'false' : `(${name} > ${valueSql} or ${name} is null)`
  return isNull ? `${name} is not null` : `${name} < ${valueSql}`
}
