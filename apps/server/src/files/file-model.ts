import { isoDate } from '../core/iso-date'
import type { TFileRow } from './file-repository'

/** Appwrite's File model, plus the ticket (and thread message) an attachment came with. */
export function toFileModel(row: TFileRow) {
  return {
    $id: row.id,
    bucketId: row.bucketId,
    $createdAt: isoDate(row.created_at),
    $updatedAt: isoDate(row.updated_at),
    $permissions: row.permissions,
    name: row.name,
    signature: row.signature,
    mimeType: row.mimeType,
    sizeOriginal: Number(row.sizeOriginal),
    chunksTotal: 1,
    chunksUploaded: 1,
    ticketId: row.ticketId,
    threadMessageId: row.threadMessageId,
    contentId: row.contentId,
    disposition: row.disposition,
  }
}
