import { forgetTicketConversation } from '../conversations/forget-ticket-conversation'
import type { TDatabase } from '../db/database'
import type { TFileStorage } from '../files/file-storage'
import {
  AttachmentBeyondRepairError,
  ensureAttachmentWhole,
  type TAttachmentFile,
} from '../mail/inbound/rebuild-attachment'

export type TRetentionSweepOptions = {
  db: TDatabase
  storage: TFileStorage
  /** RAW_MAIL_RETENTION_DAYS; undefined keeps raw mail as long as its delivery. */
  rawMailRetentionDays: number | undefined
  /** Bytes and folders younger than this are left alone: their row may not be committed yet. */
  graceMs?: number
}

export type TRetentionSweepResult = {
  /** Tickets deleted without their mail (a crash between the two): their mail is gone now. */
  ticketsForgotten: number
  rawMailRemoved: number
  /** Attachments a crash of the machine had spoilt, rebuilt from their raw mail before it was removed. */
  attachmentsRebuilt: number
  /** Stored files no row names: a deleted workspace's attachments, or a write whose row never came. */
  filesRemoved: number
  partialWritesRemoved: number
  foldersRemoved: number
}

// A write lands before its row commits (an ingest run takes seconds, at most its 2-minute expiry).
const DEFAULT_GRACE_MS = 60 * 60_000
const BATCH = 500

// Where a ticket's mail may outlive it: its files, its conversation, its raw mail.
const TICKETS_GONE = `
  select f."ticketId" as id from files f
    where f."ticketId" is not null and not exists (select 1 from tickets t where t.id = f."ticketId")
  union
  select m."ticketId" from messages m where not exists (select 1 from tickets t where t.id = m."ticketId")
  union
  select i."ticketId" from inbound_emails i join inbound_raw r on r.inbound_id = i.id
    where i."ticketId" is not null and not exists (select 1 from tickets t where t.id = i."ticketId")`

/**
 * Removes what nothing needs any more: the mail of tickets whose deletion was cut short, raw mail past
 * RAW_MAIL_RETENTION_DAYS (the parsed delivery, ticket and messages stay), stored files no row names (a
 * deleted workspace's rows go by cascade and leave their bytes), half-written files and empty folders.
 */
export async function sweepRetention(options: TRetentionSweepOptions): Promise<TRetentionSweepResult> {
  const { db, storage } = options
  const settledBefore = new Date(Date.now() - (options.graceMs ?? DEFAULT_GRACE_MS))
  const result: TRetentionSweepResult = {
    ticketsForgotten: 0,
    rawMailRemoved: 0,
    attachmentsRebuilt: 0,
    filesRemoved: 0,
    partialWritesRemoved: 0,
    foldersRemoved: 0,
  }

  const { rows: gone } = await db.query<{ id: string }>(TICKETS_GONE)
  for (const { id } of gone) await forgetTicketConversation({ db, storage, ticketId: id })
  result.ticketsForgotten = gone.length

  if (options.rawMailRetentionDays !== undefined) {
    // In batches, so no statement holds a lock over months of mail; a delivery still `received` keeps its
    // bytes whatever its age, since it has not been parsed yet.
    for (;;) {
      const { rows: expired } = await db.query<{ id: string }>(
        `select r.inbound_id as id from inbound_raw r join inbound_emails i on i.id = r.inbound_id
         where i."status" <> 'received' and i.created_at < now() - make_interval(days => $1::int)
         limit ${BATCH}`,
        [options.rawMailRetentionDays],
      )
      // The raw mail is the only way back to an attachment a crash of the machine spoilt (they are written
      // unsynced, decision 033): its files are checked, and rebuilt if need be, before it goes.
      const { rows: files } = await db.query<TAttachmentFile>(
        `select "bucketId", "storageKey", "sizeOriginal", "signature", "inboundId" from files
         where "inboundId" = any($1::text[])`,
        [expired.map((row) => row.id)],
      )
      for (const file of files) {
        const found = await ensureAttachmentWhole({ db, storage }, file).catch((error: unknown) => {
          // Nothing can bring it back, the raw mail included: keeping that would not help.
          if (error instanceof AttachmentBeyondRepairError) return 'beyond repair'
          throw error
        })
        if (found === 'rebuilt') result.attachmentsRebuilt += 1
      }
      const { rowCount } = await db.query('delete from inbound_raw where inbound_id = any($1::text[])', [
        expired.map((row) => row.id),
      ])
      result.rawMailRemoved += rowCount
      if (expired.length < BATCH) break
    }
  }

  let keys: string[] = []
  const removeUnnamed = async () => {
    const { rows } = await db.query<{ storageKey: string }>(
      'select "storageKey" from files where "storageKey" = any($1::text[])',
      [keys],
    )
    const named = new Set(rows.map((row) => row.storageKey))
    for (const key of keys.filter((key) => !named.has(key))) {
      await storage.remove(key)
      result.filesRemoved += 1
    }
    keys = []
  }
  for await (const key of storage.listKeys({ writtenBefore: settledBefore })) {
    keys.push(key)
    if (keys.length === BATCH) await removeUnnamed()
  }
  if (keys.length > 0) await removeUnnamed()

  const leftovers = await storage.removeLeftovers({ changedBefore: settledBefore })
  result.partialWritesRemoved = leftovers.partialWrites
  result.foldersRemoved = leftovers.folders
  return result
}
