import type { TQueryable } from '../../db/database'
import type { TFileStorage } from '../../files/file-storage'
import { MissingAttachmentError, type TOpenAttachments } from '../../outbox/delivery-observer'

/**
 * The bytes of a reply's attachments, read from the storage for each try. A file whose row is gone went
 * with its ticket (deleted after the reply was queued): the mail then fails rather than going without it.
 */
export function createAttachmentOpener(deps: { db: TQueryable; storage: TFileStorage }): TOpenAttachments {
  return async (mail) => {
    const { rows } = await deps.db.query<{ id: string; storageKey: string }>(
      `select id, "storageKey" from files where id = any($1::text[])`,
      [mail.attachments.map((attachment) => attachment.fileId)],
    )
    const keys = new Map(rows.map((row) => [row.id, row.storageKey]))
    return mail.attachments.map((attachment) => {
      const key = keys.get(attachment.fileId)
      if (!key)
        throw new MissingAttachmentError(`the attachment ${attachment.name} was deleted with its ticket`)
      return {
        filename: attachment.name,
        contentType: attachment.mimeType,
        content: deps.storage.openRead(key),
      }
    })
  }
}
