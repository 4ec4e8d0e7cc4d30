import { ReplyLimits, ReplyMessages } from '@parsedesk/contracts'
import type { TDraftAttachment } from './draft-store'

/**
 * Why these files cannot be added to the draft's, or undefined when they can: the server's limits,
 * checked before any byte is uploaded, with the server's own words.
 */
export function attachmentProblem(
  held: readonly Pick<TDraftAttachment, 'size'>[],
  added: readonly { size: number }[],
): string | undefined {
  if (added.some((file) => file.size > ReplyLimits.attachmentBytes)) return ReplyMessages.fileTooLarge
  if (held.length + added.length > ReplyLimits.attachments) return ReplyMessages.tooManyFiles
  const total = [...held, ...added].reduce((sum, file) => sum + file.size, 0)
  if (total > ReplyLimits.attachmentsBytes) return ReplyMessages.filesTooLarge
  return undefined
}

/** 1.2 MB, 340 KB, 12 B: a file's size as the attachment list shows it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}
