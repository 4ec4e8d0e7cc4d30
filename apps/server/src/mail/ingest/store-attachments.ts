import crypto from 'node:crypto'
import { BucketId } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import { insertFiles } from '../../files/file-repository'
import type { TFileStorage } from '../../files/file-storage'
import { WorkspacePermissions } from '../../teams/workspace-access'
import type { TParsedAttachment } from '../parse'
import type { TStoredAttachment } from './build-mail-fields'

export type TWrittenAttachment = TStoredAttachment & {
  attachment: TParsedAttachment
  storageKey: string
  signature: string
}

// Files written at once: enough to keep the disk busy, few enough that a mail with thousands of parts
// cannot run the process out of file handles.
const WRITES_AT_ONCE = 8

/**
 * Writes the bytes before the deciding transaction (the rows naming them commit inside it). Keys and ids
 * follow from the delivery, so a retried run rewrites the same files instead of leaving strays. The raw
 * mail they come from is already durable, so they are not synced one by one: a file a crash of the machine
 * spoilt is rebuilt from it (`inbound/rebuild-attachment.ts`, decision 033). Several files are written side by side.
 */
export async function writeAttachments(options: {
  storage: TFileStorage
  inboundId: string
  attachments: TParsedAttachment[]
}): Promise<TWrittenAttachment[]> {
  const written: TWrittenAttachment[] = []
  for (let start = 0; start < options.attachments.length; start += WRITES_AT_ONCE) {
    const slice = options.attachments.slice(start, start + WRITES_AT_ONCE)
    const done = await Promise.all(
      slice.map(async (attachment, offset) => {
        const index = start + offset
        const storageKey = `${BucketId.attachments}/${options.inboundId}/${index + 1}`
        await options.storage.write(storageKey, attachment.content, { rebuildable: true })
        const signature = crypto.createHash('md5').update(attachment.content).digest('hex')
        return { fileId: `${options.inboundId}-${index + 1}`, index, attachment, storageKey, signature }
      }),
    )
    written.push(...done)
  }
  return written
}

export async function removeAttachments(options: {
  storage: TFileStorage
  written: TWrittenAttachment[]
}): Promise<void> {
  for (const file of options.written) await options.storage.remove(file.storageKey)
}

export type TAttachmentOwner = {
  written: TWrittenAttachment[]
  inboundId: string
  teamId: string
  ticketId: string
  threadMessageId: string | null
}

/** The file rows of several mails in one statement, each readable by the ticket's workspace. */
export async function insertAttachmentRows(tx: TQueryable, owners: TAttachmentOwner[]): Promise<void> {
  await insertFiles(
    tx,
    owners.flatMap((owner) =>
      owner.written.map((file) => ({
        id: file.fileId,
        bucketId: BucketId.attachments,
        name: file.attachment.filename,
        mimeType: file.attachment.contentType,
        size: file.attachment.size,
        signature: file.signature,
        storageKey: file.storageKey,
        permissions: WorkspacePermissions.members(owner.teamId),
        teamId: owner.teamId,
        ticketId: owner.ticketId,
        threadMessageId: owner.threadMessageId,
        inboundId: owner.inboundId,
        contentId: file.attachment.contentId,
        disposition: file.attachment.disposition,
      })),
    ),
  )
}
