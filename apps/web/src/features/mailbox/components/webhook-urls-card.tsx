import { WEBHOOK_ENDPOINT_LABELS, WEBHOOK_ENDPOINTS } from '@parsedesk/contracts'
import { Eye, EyeOff, RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { maskSecret } from '../mailbox-model'
import { useMailbox, useWebhookInfo } from '../queries'
import { CopyButton } from './copy-button'

function CopyableLine({
  label,
  text,
  shown,
  target,
}: {
  label: string
  text: string
  shown: string
  target: string
}) {
  return (
    <div className="grid gap-1.5">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md border bg-muted/40 px-2 py-1.5 font-mono text-xs break-all">
          {shown}
        </code>
        <CopyButton value={text} target={target} description={`${label} copied`} />
      </dd>
    </div>
  )
}

export function WebhookUrlsCard({ userId }: { userId: string | undefined }) {
  const mailboxId = useMailbox({ userId }).data?.$id
  const info = useWebhookInfo({ mailboxId })
  const [isRevealed, setIsRevealed] = useState(false)
  const listId = useId()

  const body = (() => {
    if (info.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the webhook URLs</p>
          <p className="text-muted-foreground">{getErrorMessage(info.error)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void info.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )
    }
    if (!info.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </p>
      )
    }
    const { secret, urls } = info.data
    const show = (text: string) => (isRevealed ? text : maskSecret(text, secret))
    return (
      <div className="grid gap-4">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          aria-pressed={isRevealed}
          aria-controls={listId}
          onClick={() => setIsRevealed((revealed) => !revealed)}
        >
          {isRevealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {isRevealed ? 'Hide secret' : 'Reveal secret'}
        </Button>
        <dl id={listId} className="grid gap-3">
          <CopyableLine label="Secret" text={secret} shown={show(secret)} target="secret" />
          {WEBHOOK_ENDPOINTS.map((endpoint) => (
            <CopyableLine
              key={endpoint}
              label={WEBHOOK_ENDPOINT_LABELS[endpoint]}
              text={urls[endpoint]}
              shown={show(urls[endpoint])}
              target={`${WEBHOOK_ENDPOINT_LABELS[endpoint]} URL`}
            />
          ))}
        </dl>
      </div>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Webhook URLs</CardTitle>
        <CardDescription>
          Using Postmark, Mailgun or SendGrid for inbound mail? Paste the matching URL into its inbound
          settings. Each URL carries your secret: keep it private. Anything else can post a whole message to
          the raw URL, as <code className="font-mono text-xs">message/rfc822</code>.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
