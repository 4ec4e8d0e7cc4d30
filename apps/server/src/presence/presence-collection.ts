import {
  PRESENCE_COLLECTION_ID,
  PresenceTiming,
  type TPresenceCreate,
  ZPresenceAttributes,
  ZPresenceCreate,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import { attributeColumns } from '../documents/attribute-columns'
import type { TCollectionDefinition, TDocumentRow, TDocumentWriter } from '../documents/collection'
import { formatPermissions, rolesFor, type TPermission } from '../documents/permissions'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'
import { isMember, WorkspacePermissions } from '../teams/workspace-access'

/** Read by the ticket's workspace; removed by the member it is about (their page, when it closes). */
function presencePermissions(teamId: string, userId: string): TPermission[] {
  return [...WorkspacePermissions.members(teamId), { action: 'delete', role: `user:${userId}` }]
}

/**
 * Who is on a ticket (decision 021), served as collection `presence`. A create is an upsert: a member
 * has one document per ticket, which each heartbeat and each change of state writes again (the id
 * stays the first one's), with the member's name from their account and an expiry the server sets. A
 * member's expired documents, and the ticket's, are deleted by the same write, so the table holds about
 * the members on tickets right now; readers ignore what expired before that.
 */
export function createPresenceCollection(deps: { db: TDatabase; bus: TEventBus }): TCollectionDefinition {
  const { db, bus } = deps
  const definition: TCollectionDefinition = {
    id: PRESENCE_COLLECTION_ID,
    table: 'presence',
    attributes: attributeColumns(ZPresenceAttributes),
    createSchema: ZPresenceCreate,
    updateSchema: z.object({}).strict(),
    workspaceAttribute: 'teamId',
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
  }

  async function announce(action: 'create' | 'update' | 'delete', rows: TDocumentRow[]) {
    for (const row of rows) await publishDocumentEvent({ bus, def: definition, action, row })
  }

  const writer: TDocumentWriter = {
    async create({ auth, id, data }) {
      if (auth.kind !== 'user') throw AppError.forbidden()
      const input = ZPresenceCreate.parse(data)
      const written = await db.transaction((tx) => upsertPresence(tx, auth, id, input))
      await announce('delete', written.expired)
      await announce(written.inserted ? 'create' : 'update', [written.row])
      return written.row
    },
    // A state change is another create; nothing else of a presence is the client's to change.
    update: () => Promise.reject(AppError.forbidden()),
    async remove(row) {
      const { rows } = await db.query<TDocumentRow>('delete from presence where id = $1 returning *', [
        row.id,
      ])
      const removed = rows[0]
      if (removed) await announce('delete', [removed])
      return removed
    },
  }
  definition.writer = writer
  return definition
}

async function upsertPresence(
  tx: TQueryable,
  auth: Extract<TAuth, { kind: 'user' }>,
  id: string,
  input: TPresenceCreate,
): Promise<{ row: TDocumentRow; inserted: boolean; expired: TDocumentRow[] }> {
  const { rows: tickets } = await tx.query<{ teamId: string }>('select "teamId" from tickets where id = $1', [
    input.ticketId,
  ])
  const teamId = tickets[0]?.teamId
  // A ticket of another workspace is one that does not exist, as in every read.
  if (!teamId || !isMember(auth, teamId)) throw AppError.documentNotFound()
  const { rows: expired } = await tx.query<TDocumentRow>(
    `delete from presence where ("ticketId" = $1 or "userId" = $2) and "expiresAt" <= now() returning *`,
    [input.ticketId, auth.user.id],
  )
  const permissions = presencePermissions(teamId, auth.user.id)
  const { rows } = await tx.query<TDocumentRow & { inserted: boolean }>(
    `insert into presence (id, permissions, read_roles, "ticketId", "teamId", "userId", "userName", "state", "expiresAt")
     values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))
     on conflict ("ticketId", "userId") do update set
       "userName" = excluded."userName", "state" = excluded."state", "expiresAt" = excluded."expiresAt",
       updated_at = now()
     returning *, (xmax = 0) as inserted`,
    [
      id,
      formatPermissions(permissions),
      rolesFor(permissions, 'read'),
      input.ticketId,
      teamId,
      auth.user.id,
      auth.user.name || auth.user.email,
      input.state,
      PresenceTiming.ttlMs / 1000,
    ],
  )
  const { inserted, ...row } = rows[0] as TDocumentRow & { inserted: boolean }
  return { row: row as TDocumentRow, inserted, expired }
}
