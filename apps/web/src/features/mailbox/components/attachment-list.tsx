import { INLINE_IMAGE_TYPES, THUMBNAIL_MAX_BYTES } from '@parsedesk/contracts'
import { Download, Paperclip } from 'lucide-react'
import { formatFileSize, type TAttachmentFile } from '../mailbox-model'
import { attachmentDownloadUrl, attachmentViewUrl } from '../queries'

const hasThumbnail = (file: TAttachmentFile) =>
  INLINE_IMAGE_TYPES.includes(file.mimeType) && file.sizeOriginal <= THUMBNAIL_MAX_BYTES

/**
 * Names and types come from the sender: shown as text and fetched as downloads; an image the server
 * serves inline (never SVG) is shown as a thumbnail too, read only when it comes into sight.
 */
export function AttachmentList({ files, label }: { files: readonly TAttachmentFile[]; label: string }) {
  if (files.length === 0) return null
  return (
    <ul aria-label={label} className="grid gap-1.5">
      {files.map((file) => (
        <li key={file.$id} data-file-id={file.$id} className="grid min-w-0 gap-1 text-sm">
          {hasThumbnail(file) && (
            <a href={attachmentDownloadUrl(file.$id)} download={file.name} className="w-fit" tabIndex={-1}>
              <img
                src={attachmentViewUrl(file.$id)}
                alt={`Thumbnail of ${file.name}`}
                loading="lazy"
                className="h-24 max-w-48 rounded-md border object-cover"
              />
            </a>
          )}
          <span className="flex min-w-0 items-center gap-2">
            <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <a
              href={attachmentDownloadUrl(file.$id)}
              download={file.name}
              className="min-w-0 rounded-sm font-medium break-all text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
            >
              {file.name}
              <span className="sr-only"> (download)</span>
            </a>
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatFileSize(file.sizeOriginal)}
              {file.disposition === 'inline' ? ' · inline' : ''}
            </span>
            <Download aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          </span>
        </li>
      ))}
    </ul>
  )
}
