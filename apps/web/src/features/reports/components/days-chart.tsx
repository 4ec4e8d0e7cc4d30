import type { TReportSummary } from '@parsedesk/contracts'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { download, tableCsv } from '../report-view'
import type { TOpenSlice } from './counts-chart'

const SERIES = [
  { key: 'created', label: 'Created', color: 'var(--color-primary)' },
  { key: 'closed', label: 'Closed', color: '#16a34a' },
  { key: 'reopened', label: 'Reopened', color: '#ea580c' },
] as const

/** Created, closed and reopened tickets per local day; a bar opens that day's tickets. */
export function DaysChart({ days, onOpen }: { days: TReportSummary['days']; onOpen: TOpenSlice }) {
  const data = days.map((day) => ({
    date: day.date,
    created: day.created.count,
    closed: day.closed.count,
    reopened: day.reopened.count,
  }))
  const csv = () =>
    tableCsv(
      ['Date', ...SERIES.map((series) => series.label)],
      days.map((day) => [day.date, day.created.count, day.closed.count, day.reopened.count]),
    )
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="text-base">Tickets per day</CardTitle>
        <Button variant="outline" size="sm" onClick={() => download('per-day.csv', csv())}>
          CSV
        </Button>
      </CardHeader>
      <CardContent className="px-4">
        <div className="h-64" data-testid="chart-per-day">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 4, bottom: 4, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Legend />
              {SERIES.map((series) => (
                <Bar
                  key={series.key}
                  dataKey={series.key}
                  name={series.label}
                  fill={series.color}
                  cursor="pointer"
                  isAnimationActive={false}
                  onClick={(_, index) => {
                    const day = days[index]
                    if (day) onOpen(day[series.key].slice, `${series.label} on ${day.date}`)
                  }}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  )
}
