import { SLA_METRICS, slaBadge, type TTicketSlaView } from '@parsedesk/contracts'
import { Badge } from '@/components/ui/badge'

/** A ticket's running SLA targets as badges ("first reply due in 42 min", "resolution breached 2 h ago"). */
export function SlaBadges({ sla, now = Date.now() }: { sla: TTicketSlaView | undefined; now?: number }) {
  if (!sla) return null
  const badges = SLA_METRICS.flatMap((metric) => {
    const clock = sla.clocks[metric]
    const badge = clock ? slaBadge(metric, clock, now) : null
    return badge ? [{ metric, ...badge }] : []
  })
  return badges.map(({ metric, text, tone }) => (
    <Badge key={metric} tone={tone} data-testid={`sla-${metric}`}>
      {text}
    </Badge>
  ))
}
