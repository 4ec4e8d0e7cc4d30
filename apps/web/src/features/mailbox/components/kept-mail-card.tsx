import { RefreshCw } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { countKeptMail, type TInboundDocument } from '../mailbox-model'
import { useKeptMail, useMailbox } from '../queries'

function KeptMailItem({ delivery }: { delivery: TInboundDocument }) {
  return (
    <li className="grid gap-1 border-b py-2 text-sm last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={delivery.status === 'rejected' ? 'red' : 'gray'}>{delivery.status}</Badge>
        <span className="min-w-0 break-all">{delivery.from || 'unknown sender'}</span>
        <span className="text-xs text-muted-foreground">
          {formatTicketDate(delivery.processedAt ?? delivery.$createdAt)}
        </span>
      </div>
      {delivery.subject && <p className="font-medium break-words">{delivery.subject}</p>}
      {delivery.reason && <p className="text-muted-foreground break-words">{delivery.reason}</p>}
    </li>
  )
}

export function KeptMailCard({ userId }: { userId: string | undefined }) {
  const mailbox = useMailbox({ userId }).data
  const latest = useKeptMail({ userId })
  const counts = mailbox ? countKeptMail(mailbox) : undefined

  const list = (() => {
    if (latest.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the latest deliveries</p>
          <p className="text-muted-foreground">{getErrorMessage(latest.error)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void latest.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )
    }
    if (!latest.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </p>
      )
    }
    if (latest.data.length === 0) {
      return (
        <p className="text-sm text-muted-foreground">Nothing so far: all mail became tickets or replies.</p>
      )
    }
    return (
      <ul aria-label="Latest mail not ticketed" className="grid">
        {latest.data.map((delivery) => (
          <KeptMailItem key={delivery.$id} delivery={delivery} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Mail kept, not ticketed</CardTitle>
        <CardDescription>
          Deliveries that were stored but made no ticket, and why.
          {mailbox &&
            ` ${mailbox.received} received in all: ${mailbox.tickets} new tickets, ${mailbox.threadMessages} replies.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl
          aria-label="Mail kept, by kind"
          className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-2"
        >
          {(counts ?? []).map((line) => (
            <div key={line.status} className="grid gap-0.5 rounded-md border px-3 py-2">
              <dt className="text-xs text-muted-foreground">{line.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{line.count}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Latest</h3>
          {list}
        </div>
      </CardContent>
    </Card>
  )
}
