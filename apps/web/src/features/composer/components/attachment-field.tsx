import { Paperclip, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/errors'
import { attachmentProblem, formatSize } from '../attachment-rules'
import type { TDraftAttachment } from '../draft-store'
import { uploadAttachment } from '../queries'

/**
 * The draft's files: each is checked against the limits, then uploaded at once (the reply sends them by
 * id), so a send never fails late on a file, and a kept draft keeps its uploaded files.
 */
export function AttachmentField({
  attachments,
  disabled,
  onChange,
}: {
  attachments: TDraftAttachment[]
  disabled: boolean
  onChange: (next: (current: TDraftAttachment[]) => TDraftAttachment[]) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(0)
  const [problem, setProblem] = useState('')

  async function add(files: File[]) {
    const refused = attachmentProblem(attachments, files)
    setProblem(refused ?? '')
    if (refused || files.length === 0) return
    setUploading((count) => count + files.length)
    for (const file of files) {
      try {
        const uploaded = await uploadAttachment(file)
        onChange((current) => [...current, uploaded])
      } catch (error) {
        setProblem(`${file.name}: ${serverMessageOf(error) || 'the upload failed, please try again'}`)
      } finally {
        setUploading((count) => count - 1)
      }
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Attach files"
          onChange={(event) => {
            void add([...(event.target.files ?? [])])
            event.target.value = ''
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          Attach
        </Button>
        {uploading > 0 && (
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            <Spinner />
            Uploading...
          </span>
        )}
      </div>
      {attachments.length > 0 && (
        <ul aria-label="Attached files" className="flex flex-wrap gap-2">
          {attachments.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-1 pl-2 text-sm"
            >
              <span className="max-w-48 truncate">{file.name}</span>
              <span className="text-muted-foreground">{formatSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onChange((current) => current.filter((held) => held.id !== file.id))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  )
}
