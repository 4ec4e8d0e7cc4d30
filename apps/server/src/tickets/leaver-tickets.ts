import type { TTicketRow } from '@parsedesk/contracts'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TEventBus } from '../realtime/event-bus'

export type TLeavingMember = { teamId: string; userId: string }

/**
 * The realtime side of a member's leaving (migration 028's trigger unassigns their tickets and logs it).
 * Called in the removal's transaction before the membership goes, it locks the workspace's tickets they
 * are assigned, so none is assigned or unassigned meanwhile; what it returns sends, after the commit, those
 * tickets' update events, so open pages show them unassigned.
 */
export function createLeaverTicketsAnnouncer(deps: {
  db: TDatabase
  bus: TEventBus
  collection: TCollectionDefinition
}) {
  return async (tx: TQueryable, member: TLeavingMember): Promise<() => Promise<void>> => {
    const { rows } = await tx.query<{ id: string }>(
      `select id from tickets where "teamId" = $1 and "assigneeId" = $2 order by id for update`,
      [member.teamId, member.userId],
    )
    const ids = rows.map((row) => row.id)
    return async () => {
      if (ids.length === 0) return
      const changed = await deps.db.query<TTicketRow>('select * from tickets where id = any($1::text[])', [
        ids,
      ])
      await Promise.all(
        changed.rows.map((row) =>
          publishDocumentEvent({ bus: deps.bus, def: deps.collection, action: 'update', row }),
        ),
      )
    }
  }
}
