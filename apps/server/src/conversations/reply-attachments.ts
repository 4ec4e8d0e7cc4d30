import type { TQueryable } from '../db/database'
import type { TFileStorage } from '../files/file-storage'
import { ensureAttachmentWhole, type TAttachmentFile } from '../mail/inbound/rebuild-attachment'
import { MissingAttachmentError, type TOpenAttachments } from '../outbox/delivery-observer'

/**
 * The bytes of a reply's attachments, read from the storage for each try. A file whose row is gone went
 * with its ticket (deleted after the reply was queued): the mail then fails rather than going without it.
 */
export function createAttachmentOpener(deps: { db: TQueryable; storage: TFileStorage }): TOpenAttachments {
  return async (mail) => {
    const { rows } = await deps.db.query<TAttachmentFile & { id: string }>(
      `select id, "bucketId", "storageKey", "sizeOriginal", "signature", "inboundId" from files
       where id = any($1::text[])`,
      [mail.attachments.map((attachment) => attachment.fileId)],
    )
    const files = new Map(rows.map((row) => [row.id, row]))
    const opened = []
    for (const attachment of mail.attachments) {
      const file = files.get(attachment.fileId)
      if (!file)
        throw new MissingAttachmentError(`the attachment ${attachment.name} was deleted with its ticket`)
      // A customer's attachment forwarded in a reply may have to be rebuilt from its mail first.
      await ensureAttachmentWhole(deps, file)
      opened.push({
        filename: attachment.name,
        contentType: attachment.mimeType,
        content: deps.storage.openRead(file.storageKey),
      })
    }
    return opened
  }
}
