import crypto from 'node:crypto'
import { BucketId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { insertFile } from '../../files/file-repository'
import type { TFileStorage } from '../../files/file-storage'
import type { TParsedAttachment } from '../parse'
import type { TStoredAttachment } from './build-mail-fields'

export type TWrittenAttachment = TStoredAttachment & {
  attachment: TParsedAttachment
  storageKey: string
  signature: string
}

/**
 * Writes the bytes before the deciding transaction (the rows naming them commit inside it). Keys and ids
 * follow from the delivery, so a retried run rewrites the same files instead of leaving strays.
 */
export async function writeAttachments(options: {
  storage: TFileStorage
  inboundId: string
  attachments: TParsedAttachment[]
}): Promise<TWrittenAttachment[]> {
  const written: TWrittenAttachment[] = []
  for (const [index, attachment] of options.attachments.entries()) {
    const fileId = `${options.inboundId}-${index + 1}`
    const storageKey = `${BucketId.attachments}/${options.inboundId}/${index + 1}`
    await options.storage.write(storageKey, attachment.content)
    const signature = crypto.createHash('md5').update(attachment.content).digest('hex')
    written.push({ fileId, index, attachment, storageKey, signature })
  }
  return written
}

export async function removeAttachments(options: {
  storage: TFileStorage
  written: TWrittenAttachment[]
}): Promise<void> {
  for (const file of options.written) await options.storage.remove(file.storageKey)
}

/** The file rows, readable by whoever may read the ticket they belong to. */
export async function insertAttachmentRows(
  tx: TQueryable,
  options: {
    written: TWrittenAttachment[]
    inboundId: string
    userId: string
    ticketId: string
    threadMessageId: string | null
  },
): Promise<void> {
  for (const file of options.written) {
    await insertFile(tx, {
      id: file.fileId,
      bucketId: BucketId.attachments,
      name: file.attachment.filename,
      mimeType: file.attachment.contentType,
      size: file.attachment.size,
      signature: file.signature,
      storageKey: file.storageKey,
      permissions: [{ action: 'read', role: `user:${options.userId}` }],
      ticketId: options.ticketId,
      threadMessageId: options.threadMessageId,
      inboundId: options.inboundId,
      contentId: file.attachment.contentId,
      disposition: file.attachment.disposition,
    })
  }
}
