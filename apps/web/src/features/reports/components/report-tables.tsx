import type { TReportDuration, TReportHeadline, TReportSummary } from '@parsedesk/contracts'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { download, formatDuration, formatRate, SLA_LABELS, tableCsv } from '../report-view'
import { CountsChart, type TOpenSlice } from './counts-chart'

function Tile({
  label,
  value,
  before,
  onOpen,
}: {
  label: string
  value: string
  before: string
  onOpen?: () => void
}) {
  return (
    <Card className="gap-1 px-4 py-3">
      <p className="text-sm text-muted-foreground">{label}</p>
      {onOpen ? (
        <Button
          variant="link"
          size="inline"
          className="justify-start px-0 text-2xl font-semibold"
          onClick={onOpen}
        >
          {value}
        </Button>
      ) : (
        <p className="text-2xl font-semibold">{value}</p>
      )}
      <p className="text-xs text-muted-foreground">Previous period: {before}</p>
    </Card>
  )
}

/** The headline numbers beside the previous period's; a count opens its tickets. */
export function HeadlineTiles({
  headline,
  previous,
  onOpen,
}: {
  headline: TReportHeadline
  previous: TReportHeadline
  onOpen: TOpenSlice
}) {
  const rate = (key: 'oneTouch' | 'reopened' | 'csat', label: string) => (
    <Tile
      label={label}
      value={formatRate(headline[key])}
      before={formatRate(previous[key])}
      onOpen={() => onOpen(headline[key].slice, label)}
    />
  )
  return (
    <section className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Headline numbers">
      <Tile
        label="Tickets"
        value={String(headline.tickets)}
        before={String(previous.tickets)}
        onOpen={() => onOpen('all', 'All tickets')}
      />
      <Tile
        label="First reply (median)"
        value={formatDuration(headline.firstReplyMedianMs)}
        before={formatDuration(previous.firstReplyMedianMs)}
      />
      <Tile
        label="Resolution (median)"
        value={formatDuration(headline.resolutionMedianMs)}
        before={formatDuration(previous.resolutionMedianMs)}
      />
      {rate('oneTouch', 'One-touch')}
      {rate('reopened', 'Reopen rate')}
      {rate('csat', 'CSAT')}
    </section>
  )
}

/** A duration's histogram with its median, p90 and mean. */
export function DurationChart({
  title,
  duration,
  csvName,
  onOpen,
}: {
  title: string
  duration: TReportDuration
  csvName: string
  onOpen: TOpenSlice
}) {
  return (
    <div className="grid gap-1">
      <CountsChart title={title} bars={duration.histogram} onOpen={onOpen} csvName={csvName} />
      <p className="px-1 text-sm text-muted-foreground">
        Median {formatDuration(duration.medianMs)} · p90 {formatDuration(duration.p90Ms)} · mean{' '}
        {formatDuration(duration.meanMs)} · {duration.count} measured (running ones left out)
      </p>
    </div>
  )
}

export function SlaTable({ sla, onOpen }: { sla: TReportSummary['sla']; onOpen: TOpenSlice }) {
  const csv = () =>
    tableCsv(
      ['Target', 'Met', 'Breached', 'Achievement'],
      sla.map((row) => [
        SLA_LABELS[row.metric] ?? row.metric,
        row.met.count,
        row.breached.count,
        formatRate(row.met),
      ]),
    )
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="text-base">SLA achievement</CardTitle>
        <Button variant="outline" size="sm" onClick={() => download('sla.csv', csv())}>
          CSV
        </Button>
      </CardHeader>
      <CardContent className="px-4">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Target</TableHead>
              <TableHead>Met</TableHead>
              <TableHead>Breached</TableHead>
              <TableHead>Achievement</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sla.map((row) => {
              const label = SLA_LABELS[row.metric] ?? row.metric
              return (
                <TableRow key={row.metric}>
                  <TableCell>{label}</TableCell>
                  <TableCell>
                    <Button
                      variant="link"
                      size="inline"
                      onClick={() => onOpen(row.met.slice, `${label} met`)}
                    >
                      {row.met.count}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <Button
                      variant="link"
                      size="inline"
                      onClick={() => onOpen(row.breached.slice, `${label} breached`)}
                    >
                      {row.breached.count}
                    </Button>
                  </TableCell>
                  <TableCell>{formatRate(row.met)}</TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

export function Leaderboard({
  leaders,
  onOpen,
}: {
  leaders: TReportSummary['leaderboard']
  onOpen: TOpenSlice
}) {
  const csat = (good: number, rated: number) => formatRate({ slice: '', count: good, total: rated })
  const csv = () =>
    tableCsv(
      ['Agent', 'Tickets', 'Solved', 'First reply (median)', 'One-touch', 'CSAT'],
      leaders.map((row) => [
        row.name,
        row.tickets,
        row.solved,
        formatDuration(row.firstReplyMedianMs),
        row.oneTouch,
        csat(row.csatGood, row.csatRated),
      ]),
    )
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="text-base">Agents</CardTitle>
        <Button variant="outline" size="sm" onClick={() => download('agents.csv', csv())}>
          CSV
        </Button>
      </CardHeader>
      <CardContent className="px-4">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Agent</TableHead>
              <TableHead>Tickets</TableHead>
              <TableHead>Solved</TableHead>
              <TableHead>First reply (median)</TableHead>
              <TableHead>One-touch</TableHead>
              <TableHead>CSAT</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {leaders.map((row) => (
              <TableRow key={row.agentId}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <Button
                    variant="link"
                    size="inline"
                    onClick={() => onOpen(row.slice, `Tickets of ${row.name}`)}
                  >
                    {row.tickets}
                  </Button>
                </TableCell>
                <TableCell>{row.solved}</TableCell>
                <TableCell>{formatDuration(row.firstReplyMedianMs)}</TableCell>
                <TableCell>{row.oneTouch}</TableCell>
                <TableCell>{csat(row.csatGood, row.csatRated)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
