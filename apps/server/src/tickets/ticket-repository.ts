import { type TTicketAttributes, type TTicketRow, ZTicketAttributes, ZTicketRow } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import { valuesList } from '../db/values-list'
import { attributeColumns } from '../documents/attribute-columns'
import { formatPermissions, rolesFor, type TPermission } from '../documents/permissions'

/** What the database keeps itself: the ticket's number in its workspace, when it last saw activity. */
const DATABASE_KEPT = ['number', 'lastActivityAt'] as const
type TDatabaseKept = (typeof DATABASE_KEPT)[number]

/** A new ticket's row: every attribute the database does not give it. */
export type TTicketInsert = { id: string; permissions: TPermission[] } & Omit<
  TTicketAttributes,
  TDatabaseKept
>

/** What a change may set: never what the database keeps, nor the workspace and owner fixed on filing. */
export type TTicketChanges = Partial<Omit<TTicketAttributes, TDatabaseKept | 'teamId' | 'userId'>>

const INSERTED_COLUMNS = Object.keys(ZTicketAttributes.shape).filter(
  (name): name is Exclude<keyof TTicketAttributes, TDatabaseKept> =>
    !(DATABASE_KEPT as readonly string[]).includes(name),
)
const WRITTEN_COLUMNS = new Set<string>(INSERTED_COLUMNS)
const JSON_COLUMNS = new Set(
  Object.entries(attributeColumns(ZTicketAttributes))
    .filter(([, column]) => column.type === 'json')
    .map(([name]) => name),
)

function columnValue(name: string, value: unknown): unknown {
  if (value === undefined || value === null) return null
  return JSON_COLUMNS.has(name) ? toStorableJson(value) : value
}

export async function findTicket(db: TQueryable, id: string): Promise<TTicketRow | undefined> {
  const { rows } = await db.query<TTicketRow>('select * from tickets where id = $1', [id])
  return rows[0]
}

/** The ticket, locked until the transaction ends: its changes and their events are then in one order. */
export async function lockTicket(tx: TQueryable, id: string): Promise<TTicketRow | undefined> {
  const { rows } = await tx.query<TTicketRow>('select * from tickets where id = $1 for update', [id])
  return rows[0]
}

const LOCKS = {
  wait: 'for update',
  // The lock an update of the ticket's fields takes: a row pointing at the ticket (a message, an event)
  // being inserted meanwhile does not make it busy, another transaction changing or locking it does.
  skip: 'for no key update skip locked',
} as const

/**
 * The tickets, locked until the transaction ends, in one statement (in id order, so two callers never cross).
 * `busy: 'skip'` leaves out those another transaction is changing instead of waiting for them.
 */
export async function lockTickets(
  tx: TQueryable,
  ids: readonly string[],
  busy: keyof typeof LOCKS = 'wait',
): Promise<TTicketRow[]> {
  if (ids.length === 0) return []
  const { rows } = await tx.query<TTicketRow>(
    `select * from tickets where id = any($1::text[]) order by id ${LOCKS[busy]}`,
    [[...new Set(ids)]],
  )
  return rows
}

/** The workspace's ticket of that number (`#1042`). */
export async function findTicketByNumber(
  db: TQueryable,
  teamId: string,
  number: number,
): Promise<TTicketRow | undefined> {
  const { rows } = await db.query<TTicketRow>('select * from tickets where "teamId" = $1 and "number" = $2', [
    teamId,
    number,
  ])
  return rows[0]
}

/** Who the duplicates merged into the ticket were from and copied. */
export async function findMergedDuplicates(
  db: TQueryable,
  ticket: Pick<TTicketRow, 'id' | 'teamId'>,
): Promise<Pick<TTicketRow, 'email' | 'cc'>[]> {
  const { rows } = await db.query<Pick<TTicketRow, 'email' | 'cc'>>(
    'select email, cc from tickets where "mergedIntoId" = $1 and "teamId" = $2',
    [ticket.id, ticket.teamId],
  )
  return rows
}

/** New tickets in one statement, returned in the order given, without any whose id was already taken. */
export async function insertTickets(tx: TQueryable, tickets: TTicketInsert[]): Promise<TTicketRow[]> {
  if (tickets.length === 0) return []
  const columns = ['id', 'permissions', 'read_roles', ...INSERTED_COLUMNS.map((name) => `"${name}"`)]
  const values = tickets.flatMap((ticket) => [
    ticket.id,
    formatPermissions(ticket.permissions),
    rolesFor(ticket.permissions, 'read'),
    ...INSERTED_COLUMNS.map((name) => columnValue(name, ticket[name])),
  ])
  const { rows } = await tx.query<TTicketRow>(
    `insert into tickets (${columns.join(', ')}) values ${valuesList(tickets.length, columns.length)}
     on conflict (id) do nothing returning *`,
    values,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return tickets.flatMap((ticket) => byId.get(ticket.id) ?? [])
}

/**
 * Sets the changes (none still marks the ticket changed: lists sorted by activity learn so), and the
 * permissions when given; undefined when the ticket is gone.
 */
export async function updateTicket(
  tx: TQueryable,
  id: string,
  changes: TTicketChanges,
  permissions?: TPermission[],
): Promise<TTicketRow | undefined> {
  const params: unknown[] = [id]
  const sets = ['updated_at = now()']
  for (const name of Object.keys(changes).filter((name) => WRITTEN_COLUMNS.has(name))) {
    params.push(columnValue(name, changes[name as keyof TTicketChanges]))
    sets.push(`"${name}" = $${params.length}`)
  }
  if (permissions) {
    params.push(formatPermissions(permissions), rolesFor(permissions, 'read'))
    sets.push(`permissions = $${params.length - 1}`, `read_roles = $${params.length}`)
  }
  const { rows } = await tx.query<TTicketRow>(
    `update tickets set ${sets.join(', ')} where id = $1 returning *`,
    params,
  )
  return rows[0]
}

/**
 * A ticket's large columns that no trigger writes: an update reads them back only when it sets them, the
 * others come from the row given (a batch's JSON parsed once more per update was most of what automation
 * cost the server's thread).
 */
const CARRIED_COLUMNS = new Set<string>([
  'subject',
  'body',
  'rawJson',
  'description',
  'analysis',
  'extraction',
])
const ROW_COLUMNS = Object.keys(ZTicketRow.shape)

/**
 * Many tickets' changes (a batch's rules or routing), each of a row as the transaction last wrote it: one
 * statement for each set of fields changed, each ticket with its own values, read by
 * `jsonb_populate_recordset` so every column keeps its type. Returns the rows as written, by id, without
 * any that are gone. A ticket given twice is the caller's to merge: one statement sets a row once.
 */
export async function updateTickets(
  tx: TQueryable,
  updates: readonly { row: TTicketRow; changes: TTicketChanges }[],
): Promise<Map<string, TTicketRow>> {
  const byFields = new Map<string, { fields: string[]; rows: Record<string, unknown>[] }>()
  const given = new Map(updates.map(({ row }) => [row.id, row]))
  for (const { row, changes } of updates) {
    const fields = Object.keys(changes)
      .filter((name) => WRITTEN_COLUMNS.has(name))
      .sort()
    const key = fields.join(',')
    const same = byFields.get(key) ?? { fields, rows: [] }
    same.rows.push({ ...changes, id: row.id })
    byFields.set(key, same)
  }
  const written = new Map<string, TTicketRow>()
  for (const { fields, rows } of byFields.values()) {
    const sets = ['updated_at = now()', ...fields.map((name) => `"${name}" = v."${name}"`)]
    const read = ROW_COLUMNS.filter((name) => !CARRIED_COLUMNS.has(name) || fields.includes(name))
    const { rows: changed } = await tx.query<Partial<TTicketRow> & { id: string }>(
      `update tickets t set ${sets.join(', ')}
       from jsonb_populate_recordset(null::tickets, $1::jsonb) v where t.id = v.id
       returning ${read.map((name) => `t."${name}"`).join(', ')}`,
      [toStorableJson(rows)],
    )
    for (const row of changed) {
      const before = given.get(row.id)
      if (before) written.set(row.id, { ...before, ...row })
    }
  }
  return written
}

/** A change of a ticket the transaction holds locked (lockTicket), which cannot have gone. */
export async function updateLockedTicket(
  tx: TQueryable,
  id: string,
  changes: TTicketChanges,
): Promise<TTicketRow> {
  const row = await updateTicket(tx, id, changes)
  if (!row) throw new Error(`ticket ${id} was deleted while locked`)
  return row
}

export async function deleteTicket(db: TQueryable, id: string): Promise<TTicketRow | undefined> {
  const { rows } = await db.query<TTicketRow>('delete from tickets where id = $1 returning *', [id])
  return rows[0]
}
