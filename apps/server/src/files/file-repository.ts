import type { TQueryable } from '../db/database'
import { valuesList } from '../db/values-list'
import type { TDocumentRow } from '../documents/collection'
import { formatPermissions, rolesFor, type TPermission } from '../documents/permissions'
import type { TAttributeColumns, TCompiledQuery } from '../documents/queries'

export type TFileRow = TDocumentRow & {
  bucketId: string
  name: string
  mimeType: string
  sizeOriginal: number
  signature: string
  storageKey: string
  ticketId: string | null
  threadMessageId: string | null
  inboundId: string | null
  contentId: string | null
  disposition: 'attachment' | 'inline'
  teamId: string | null
}

/** What a files list may filter and sort on (Appwrite's own, plus the ticket they belong to). */
export const FILE_ATTRIBUTES: TAttributeColumns = {
  // Files show no $sequence, so ordering by it may use the global order.
  $sequence: { column: 'seq', type: 'integer' },
  name: { column: 'name', type: 'string' },
  mimeType: { column: 'mimeType', type: 'string' },
  sizeOriginal: { column: 'sizeOriginal', type: 'integer' },
  signature: { column: 'signature', type: 'string' },
  ticketId: { column: 'ticketId', type: 'string' },
  threadMessageId: { column: 'threadMessageId', type: 'string' },
  disposition: { column: 'disposition', type: 'string' },
}

export type TInsertFileOptions = {
  id: string
  bucketId: string
  name: string
  mimeType: string
  size: number
  signature: string
  storageKey: string
  permissions: TPermission[]
  ticketId: string | null
  threadMessageId: string | null
  inboundId: string | null
  contentId: string | null
  disposition: 'attachment' | 'inline'
  /** The workspace of the ticket the file came with. */
  teamId: string | null
}

const FILE_COLUMNS = `id, permissions, read_roles, "bucketId", "name", "mimeType", "sizeOriginal", "signature",
  "storageKey", "ticketId", "threadMessageId", "inboundId", "contentId", "disposition", "teamId"`

function fileValues(options: TInsertFileOptions): unknown[] {
  return [
    options.id,
    formatPermissions(options.permissions),
    rolesFor(options.permissions, 'read'),
    options.bucketId,
    options.name,
    options.mimeType,
    options.size,
    options.signature,
    options.storageKey,
    options.ticketId,
    options.threadMessageId,
    options.inboundId,
    options.contentId,
    options.disposition,
    options.teamId,
  ]
}

// Postgres takes at most 65,535 parameters in one statement: 15 per file.
const FILES_PER_STATEMENT = 1000

/** Several file rows, in as few statements as the parameter limit allows. */
export async function insertFiles(db: TQueryable, files: TInsertFileOptions[]): Promise<void> {
  for (let start = 0; start < files.length; start += FILES_PER_STATEMENT) {
    const values = files.slice(start, start + FILES_PER_STATEMENT).map(fileValues)
    const width = values[0]?.length ?? 0
    await db.query(
      `insert into files (${FILE_COLUMNS}) values ${valuesList(values.length, width)}`,
      values.flat(),
    )
  }
}

/**
 * A file of a ticket may be read by whoever may read that ticket, now: its rights follow the ticket's,
 * not a copy taken when the mail came in. A file of no ticket has its own read roles.
 */
const READABLE = (rolesParam: string) => `(case when f."ticketId" is null then f.read_roles && ${rolesParam}
  else exists (select 1 from tickets t where t.id = f."ticketId" and t.read_roles && ${rolesParam}) end)`

export async function findReadableFile(
  db: TQueryable,
  options: { bucketId: string; fileId: string; roles: string[] },
): Promise<TFileRow | undefined> {
  const { rows } = await db.query<TFileRow>(
    `select f.* from files f where f.id = $1 and f."bucketId" = $2 and ${READABLE('$3::text[]')}`,
    [options.fileId, options.bucketId, options.roles],
  )
  return rows[0]
}

export async function listReadableFiles(
  db: TQueryable,
  options: { bucketId: string; query: TCompiledQuery; roles: string[] },
): Promise<{ total: number; rows: TFileRow[] }> {
  const { query } = options
  const params = [...query.params, options.bucketId, options.roles]
  const where = [
    ...query.where,
    `f."bucketId" = $${params.length - 1}`,
    READABLE(`$${params.length}::text[]`),
  ]
  const orders = query.orders.length > 0 ? query.orders : [{ column: 'seq', direction: 'asc' as const }]
  const order = orders.map((o) => `f."${o.column}" ${o.direction}`).join(', ')
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<TFileRow>(
      `select f.* from files f where ${where.join(' and ')} order by ${order}
       limit ${query.limit} offset ${query.offset}`,
      params,
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from files f where ${where.join(' and ')}`,
      params,
    ),
  ])
  return { total: counted[0]?.total ?? 0, rows }
}
