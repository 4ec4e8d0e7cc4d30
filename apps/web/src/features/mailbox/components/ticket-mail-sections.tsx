import { RefreshCw } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { groupAttachments, type TMessageDocument } from '../mailbox-model'
import { useTicketAttachments, useTicketMessages } from '../queries'
import { AttachmentList } from './attachment-list'

type TTicketRef = { ticketId: string; updatedAt: string }

function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-sm">
      <p className="font-medium text-destructive">Could not load the {what}</p>
      <p className="text-muted-foreground">{getErrorMessage(error)}</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  )
}

function ReplyItem({
  message,
  files,
}: {
  message: TMessageDocument
  files: ReturnType<typeof groupAttachments>
}) {
  const attachments = files.byMessage.get(message.$id) ?? []
  return (
    <li data-message-id={message.$id} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="min-w-0 font-medium break-all">{message.from}</span>
        <span className="text-xs text-muted-foreground">
          {formatTicketDate(message.sentAt ?? message.createdAt ?? message.$createdAt)}
        </span>
      </div>
      {message.subject && <p className="text-xs text-muted-foreground break-words">{message.subject}</p>}
      {/* Email text, rendered as text: never as HTML. */}
      <div className="max-h-60 overflow-auto text-sm break-words whitespace-pre-wrap">{message.body}</div>
      <AttachmentList files={attachments} label={`Attachments of the reply from ${message.from}`} />
    </li>
  )
}

/**
 * The mail side of a ticket: the first email's attachments, then every reply (with its own) in the order
 * they arrived. A ticket made from the form usually has neither, and then nothing shows.
 */
export function TicketMailSections({ ticketId, updatedAt }: TTicketRef) {
  const headingId = useId()
  const messages = useTicketMessages({ ticketId, updatedAt })
  const attachments = useTicketAttachments({ ticketId, updatedAt })
  const files = groupAttachments(attachments.data ?? [])
  const replies = messages.data ?? []
  const isLoading = messages.isPending || attachments.isPending

  if (isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading the conversation...
      </p>
    )
  }

  return (
    <>
      {attachments.error ? (
        <LoadError what="attachments" error={attachments.error} onRetry={() => void attachments.refetch()} />
      ) : (
        files.ofTicket.length > 0 && (
          <section aria-labelledby={`${headingId}-files`} className="grid gap-2">
            <h3 id={`${headingId}-files`} className="text-sm font-semibold">
              Attachments
            </h3>
            <AttachmentList files={files.ofTicket} label="Attachments of the first email" />
          </section>
        )
      )}
      {messages.error ? (
        <LoadError what="conversation" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : (
        replies.length > 0 && (
          <section aria-labelledby={`${headingId}-conversation`} className="grid gap-2">
            <h3 id={`${headingId}-conversation`} className="text-sm font-semibold">
              Conversation ({replies.length} {replies.length === 1 ? 'reply' : 'replies'})
            </h3>
            <ol className="grid gap-2">
              {replies.map((message) => (
                <ReplyItem key={message.$id} message={message} files={files} />
              ))}
            </ol>
          </section>
        )
      )}
    </>
  )
}
