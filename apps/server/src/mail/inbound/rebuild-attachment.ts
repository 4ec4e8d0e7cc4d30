import crypto from 'node:crypto'
import { BucketId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TFileRow } from '../../files/file-repository'
import type { TFileStorage } from '../../files/file-storage'
import { parseInboundEmail } from '../parse'
import { findInboundWithRaw } from './inbound-repository'

export type TAttachmentFile = Pick<
  TFileRow,
  'bucketId' | 'storageKey' | 'sizeOriginal' | 'signature' | 'inboundId'
>

/** The bytes under `key` are exactly the file's: as many, with its MD5. A missing file is not. */
async function holdsBytes(storage: TFileStorage, file: TAttachmentFile): Promise<boolean> {
  const hash = crypto.createHash('md5')
  let size = 0
  try {
    for await (const chunk of storage.openRead(file.storageKey) as AsyncIterable<Buffer>) {
      size += chunk.byteLength
      if (size > file.sizeOriginal) return false
      hash.update(chunk)
    }
  } catch {
    return false
  }
  return size === file.sizeOriginal && hash.digest('hex') === file.signature
}

export class AttachmentBeyondRepairError extends Error {}

/**
 * Makes sure an attachment of inbound mail is whole before it is read, and rebuilds it from its raw mail if
 * not. Ingest writes these files without a sync of their own (decision 033): the raw mail in the inbound
 * store is durable before the file is written, so a file a crash of the machine left missing, empty or
 * short is parsed out of it again (parsing is deterministic: the same bytes give the same parts in the
 * same order) and written synced. Other files (an agent's upload) were synced when written, and S3 stores
 * every object durably: those pass unread.
 * Resolves with what it found; throws `AttachmentBeyondRepairError` when the file is spoilt and its raw
 * mail is gone or no longer gives it (RAW_MAIL_RETENTION_DAYS removes raw mail only after this checked
 * its files), and whatever else failed (a read of the database, a write to the disk).
 */
export async function ensureAttachmentWhole(
  deps: { db: TQueryable; storage: TFileStorage },
  file: TAttachmentFile,
): Promise<'whole' | 'rebuilt'> {
  if (deps.storage.durableWrites || file.bucketId !== BucketId.attachments || file.inboundId === null)
    return 'whole'
  if (await holdsBytes(deps.storage, file)) return 'whole'
  const inbound = await findInboundWithRaw(deps.db, file.inboundId)
  if (!inbound?.raw)
    throw new AttachmentBeyondRepairError(`${file.storageKey} is spoilt and its raw mail is gone`)
  // Keys are `attachments/<delivery>/<position, from 1>` (ingest/store-attachments.ts).
  const position = Number(file.storageKey.split('/').at(-1))
  const attachment = (await parseInboundEmail(inbound.raw)).attachments[position - 1]
  const signature = attachment && crypto.createHash('md5').update(attachment.content).digest('hex')
  if (!attachment || signature !== file.signature)
    throw new AttachmentBeyondRepairError(`${file.storageKey} is spoilt and its raw mail no longer gives it`)
  await deps.storage.write(file.storageKey, attachment.content)
  return 'rebuilt'
}
