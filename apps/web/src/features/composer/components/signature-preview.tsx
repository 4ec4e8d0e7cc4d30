import { useMySignature } from '@/features/mailbox/sending-queries'
import { sanitizeEmailHtml } from '@/features/tickets/safe-html'

/**
 * What the reply will end with (the member's and the mailbox's signatures, placeholders filled, decision
 * 047), one line tall until opened, so the composer keeps its height while it loads.
 */
export function SignaturePreview({ teamId }: { teamId: string }) {
  const signature = useMySignature(teamId)
  const preview = signature.data?.preview ?? ''
  return (
    <div className="min-h-5 text-sm text-muted-foreground" data-testid="composer-signature">
      {preview && (
        <details>
          <summary className="cursor-pointer truncate">Signature: {textOf(preview)}</summary>
          {/* Sanitised by the server as a reply's HTML, and again here as any mail's. */}
          <div
            className="mt-1 rounded-md border border-dashed px-3 py-2 [&_p]:my-1"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice, see above
            dangerouslySetInnerHTML={{ __html: sanitizeEmailHtml(preview) }}
          />
        </details>
      )}
    </div>
  )
}

/** The signature on one line, for the summary. */
function textOf(html: string): string {
  const box = document.createElement('div')
  box.innerHTML = sanitizeEmailHtml(html.replace(/<br\s*\/?>|<\/p>/g, ' '))
  return (box.textContent ?? '').replace(/\s+/g, ' ').trim()
}
