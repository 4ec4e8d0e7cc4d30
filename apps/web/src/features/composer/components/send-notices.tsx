import { newerMessageSentence, type TNewerMessage } from '@parsedesk/contracts'
import { Undo2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'

/** The clock, read again every `everyMs`, so "1 minute ago" and a countdown stay true while on screen. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs)
    return () => window.clearInterval(timer)
  }, [everyMs])
  return now
}

/**
 * The reply was refused because the conversation moved on since the draft was started (decision 039):
 * who wrote and when, then send it anyway, or review what came (it is on the timeline above).
 */
export function StaleDraftNotice(props: {
  newer: TNewerMessage
  disabled: boolean
  onSendAnyway(): void
  onReview(): void
}) {
  const now = useNow(15_000)
  return (
    <div
      role="alert"
      data-testid="stale-draft"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-medium">
        {newerMessageSentence(props.newer, now)}, after you started this reply. It was not sent.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={props.disabled} onClick={props.onReview}>
          Review
        </Button>
        <Button type="button" size="sm" disabled={props.disabled} onClick={props.onSendAnyway}>
          Send anyway
        </Button>
      </div>
    </div>
  )
}

/** A sent reply waiting out the workspace's undo window: "Sending… Undo" until it leaves (decision 039). */
export function UndoSendNotice(props: { until: number; busy: boolean; onUndo(): void; onGone(): void }) {
  const now = useNow(250)
  const { until, onGone } = props
  const left = Math.max(0, Math.ceil((until - now) / 1000))
  useEffect(() => {
    if (now >= until) onGone()
  }, [now, until, onGone])
  return (
    <p
      role="status"
      data-testid="undo-send"
      className="flex items-center gap-2 text-sm text-muted-foreground"
    >
      <span>Sending… ({left} s)</span>
      <Button type="button" size="sm" variant="outline" disabled={props.busy} onClick={props.onUndo}>
        <Undo2 aria-hidden="true" />
        Undo
      </Button>
    </p>
  )
}
