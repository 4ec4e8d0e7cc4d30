import type { TReportCount } from '@parsedesk/contracts'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { countsCsv, download } from '../report-view'

export type TOpenSlice = (slice: string, title: string) => void

/** A chart's own table under it: each row opens its tickets; the CSV holds exactly these rows. */
export function CountList({
  bars,
  title,
  onOpen,
}: {
  bars: readonly TReportCount[]
  title: string
  onOpen: TOpenSlice
}) {
  return (
    <ul className="grid gap-1 text-sm" aria-label={`${title} table`}>
      {bars.map((bar) => (
        <li key={bar.slice} className="flex items-center justify-between gap-2">
          <span className="truncate text-muted-foreground">{bar.label}</span>
          <Button variant="link" size="inline" onClick={() => onOpen(bar.slice, `${title}: ${bar.label}`)}>
            {bar.count}
          </Button>
        </li>
      ))}
    </ul>
  )
}

/** One breakdown as bars; a bar, like its table's number, opens the list of its tickets. */
export function CountsChart({
  title,
  bars,
  onOpen,
  csvName,
}: {
  title: string
  bars: readonly TReportCount[]
  onOpen: TOpenSlice
  csvName: string
}) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="text-base">{title}</CardTitle>
        <Button variant="outline" size="sm" onClick={() => download(csvName, countsCsv(title, bars))}>
          CSV
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        <div className="h-48" data-testid={`chart-${csvName}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={[...bars]} margin={{ top: 4, right: 4, bottom: 4, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Bar
                dataKey="count"
                name="Tickets"
                fill="var(--color-primary)"
                cursor="pointer"
                isAnimationActive={false}
                onClick={(entry) => {
                  const bar = entry.payload as TReportCount
                  onOpen(bar.slice, `${title}: ${bar.label}`)
                }}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <CountList bars={bars} title={title} onOpen={onOpen} />
      </CardContent>
    </Card>
  )
}
