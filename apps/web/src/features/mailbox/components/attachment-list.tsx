import { Download, Paperclip } from 'lucide-react'
import { formatFileSize, type TAttachmentFile } from '../mailbox-model'
import { attachmentDownloadUrl } from '../queries'

/** Names and types come from the sender: shown as text, fetched only as downloads, never opened inline. */
export function AttachmentList({ files, label }: { files: readonly TAttachmentFile[]; label: string }) {
  if (files.length === 0) return null
  return (
    <ul aria-label={label} className="grid gap-1.5">
      {files.map((file) => (
        <li key={file.$id} data-file-id={file.$id} className="flex min-w-0 items-center gap-2 text-sm">
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
        </li>
      ))}
    </ul>
  )
}
