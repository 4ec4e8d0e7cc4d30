import { ReplyLimits, ReplyMessages, type TOutboundAttachment } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import { formatPermissions, rolesFor } from '../documents/permissions'
import { WorkspacePermissions } from '../teams/workspace-access'

type TUploadRow = { id: string; name: string; mimeType: string; sizeOriginal: number | string }

/**
 * The files a reply sends, locked until it commits: each must be the member's own upload not sent yet (so
 * a file of another workspace, another member's upload or a customer's attachment is refused, by id), all
 * within the limits. In the order given, each once.
 */
export async function claimUploads(
  tx: TQueryable,
  options: { userId: string; fileIds: string[] },
): Promise<TOutboundAttachment[]> {
  const fileIds = [...new Set(options.fileIds)]
  if (fileIds.length === 0) return []
  const { rows } = await tx.query<TUploadRow>(
    `select id, "name", "mimeType", "sizeOriginal" from files
     where id = any($1::text[]) and "uploadedBy" = $2 and "ticketId" is null for update`,
    [fileIds, options.userId],
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const files = fileIds.map((fileId) => {
    const row = byId.get(fileId)
    if (!row) throw AppError.invalid(ReplyMessages.fileNotAttachable(fileId))
    const size = Number(row.sizeOriginal)
    if (size > ReplyLimits.attachmentBytes) throw AppError.invalid(ReplyMessages.fileTooLarge)
    return { fileId, name: row.name, mimeType: row.mimeType, size }
  })
  if (files.reduce((sum, file) => sum + file.size, 0) > ReplyLimits.attachmentsBytes)
    throw AppError.invalid(ReplyMessages.filesTooLarge)
  return files
}

/** The sent files join the ticket: its workspace reads them, and the message lists them. */
export async function linkUploads(
  tx: TQueryable,
  options: { files: TOutboundAttachment[]; ticketId: string; messageId: string; teamId: string },
): Promise<void> {
  if (options.files.length === 0) return
  const permissions = WorkspacePermissions.members(options.teamId)
  await tx.query(
    `update files set "ticketId" = $2, "threadMessageId" = $3, "teamId" = $4, permissions = $5, read_roles = $6,
       updated_at = now()
     where id = any($1::text[])`,
    [
      options.files.map((file) => file.fileId),
      options.ticketId,
      options.messageId,
      options.teamId,
      formatPermissions(permissions),
      rolesFor(permissions, 'read'),
    ],
  )
}
