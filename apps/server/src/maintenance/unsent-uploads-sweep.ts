import { ReplyLimits } from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import type { TFileStorage } from '../files/file-storage'

export type TUnsentUploadsSweepOptions = {
  db: TDatabase
  storage: TFileStorage
  /** The sweep's clock: an upload made `ReplyLimits.unsentUploadHours` before it is removed. */
  now?: Date
}

const HOUR_MS = 60 * 60_000
const BATCH = 500

/**
 * Removes, row and bytes, a member's uploads that no reply sent within `ReplyLimits.unsentUploadHours`: a
 * draft closed with its tab, a file taken out of the composer, a send that failed for good. An upload is
 * a file with an uploader, no ticket and no delivery, so a ticket's file and a customer's attachment are
 * never one. Decision 016.
 */
export async function sweepUnsentUploads(options: TUnsentUploadsSweepOptions): Promise<{ removed: number }> {
  const { db, storage } = options
  const madeBefore = new Date((options.now ?? new Date()).getTime() - ReplyLimits.unsentUploadHours * HOUR_MS)
  let removed = 0
  for (;;) {
    // The outer `"ticketId" is null` is checked again on a row a reply locked to send it: once that reply
    // commits, the row has its ticket and stays.
    const { rows } = await db.query<{ storageKey: string }>(
      `delete from files where id in (
         select id from files
         where "uploadedBy" is not null and "ticketId" is null and "inboundId" is null
           and created_at < $1::timestamptz
         limit ${BATCH})
       and "ticketId" is null
       returning "storageKey"`,
      [madeBefore.toISOString()],
    )
    // Bytes go after their rows: a crash in between leaves bytes no row names, which the retention sweep
    // removes, never a row without its bytes.
    for (const { storageKey } of rows) await storage.remove(storageKey)
    removed += rows.length
    if (rows.length < BATCH) return { removed }
  }
}
