import {
  REPORT_SLA_DIMENSIONS,
  type TReportSla,
  type TReportSlaDimension,
  type TReportSummary,
} from '@parsedesk/contracts'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { download, formatRate, SLA_LABELS, tableCsv } from '../report-view'
import type { TOpenSlice } from './counts-chart'

const DIMENSION_LABELS: Record<TReportSlaDimension, string> = {
  policy: 'Policy',
  priority: 'Priority',
  group: 'Group',
  agent: 'Agent',
}

/** One target's result in a row: its achievement, then its met and breached counts, each opening its tickets. */
function TargetCell({ target, row, onOpen }: { target: TReportSla; row: string; onOpen: TOpenSlice }) {
  const label = `${row}: ${SLA_LABELS[target.metric] ?? target.metric}`
  if (target.met.total === 0) return <TableCell className="text-muted-foreground">–</TableCell>
  return (
    <TableCell>
      <span className="font-medium">{formatRate(target.met)}</span>{' '}
      <span className="text-muted-foreground">
        (
        <Button variant="link" size="inline" onClick={() => onOpen(target.met.slice, `${label} met`)}>
          {target.met.count}
        </Button>{' '}
        met,{' '}
        <Button
          variant="link"
          size="inline"
          onClick={() => onOpen(target.breached.slice, `${label} breached`)}
        >
          {target.breached.count}
        </Button>{' '}
        breached)
      </span>
    </TableCell>
  )
}

/** SLA achievement per policy, priority, group or agent (issue 27 item 5): one table, its rows chosen. */
export function SlaBreakdown({ slaBy, onOpen }: { slaBy: TReportSummary['slaBy']; onOpen: TOpenSlice }) {
  const [dimension, setDimension] = useState<TReportSlaDimension>('policy')
  const rows = slaBy[dimension]
  const metrics = rows[0]?.targets.map((target) => target.metric) ?? []
  const heading = DIMENSION_LABELS[dimension]
  const csv = () =>
    tableCsv(
      [
        heading,
        ...metrics.flatMap((metric) => {
          const label = SLA_LABELS[metric] ?? metric
          return [`${label} met`, `${label} breached`, `${label} achievement`]
        }),
      ],
      rows.map((row) => [
        row.label,
        ...row.targets.flatMap((target) => [target.met.count, target.breached.count, formatRate(target.met)]),
      ]),
    )
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
        <CardTitle className="text-base">SLA achievement by {heading.toLowerCase()}</CardTitle>
        <div className="flex items-center gap-2">
          <Label htmlFor="report-sla-by" className="sr-only">
            Break down by
          </Label>
          <NativeSelect
            id="report-sla-by"
            value={dimension}
            onChange={(event) => setDimension(event.target.value as TReportSlaDimension)}
          >
            {REPORT_SLA_DIMENSIONS.map((each) => (
              <option key={each} value={each}>
                {DIMENSION_LABELS[each]}
              </option>
            ))}
          </NativeSelect>
          <Button variant="outline" size="sm" onClick={() => download(`sla-by-${dimension}.csv`, csv())}>
            CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="px-4">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No SLA target was met or breached in this report.</p>
        ) : (
          <Table aria-label={`SLA achievement by ${heading.toLowerCase()}`}>
            <TableHeader>
              <TableRow>
                <TableHead>{heading}</TableHead>
                {metrics.map((metric) => (
                  <TableHead key={metric}>{SLA_LABELS[metric] ?? metric}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell>{row.label}</TableCell>
                  {row.targets.map((target) => (
                    <TargetCell key={target.metric} target={target} row={row.label} onOpen={onOpen} />
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
