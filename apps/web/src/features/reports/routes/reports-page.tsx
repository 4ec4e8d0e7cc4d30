import {
  REPORT_COHORT_LABELS,
  TICKET_PRIORITIES,
  type TReportCohort,
  type TReportCount,
} from '@parsedesk/contracts'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { useSession } from '@/features/auth/session'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { CountsChart } from '../components/counts-chart'
import { DaysChart } from '../components/days-chart'
import { DurationChart, HeadlineTiles, Leaderboard, SlaTable } from '../components/report-tables'
import { SlaBreakdown } from '../components/sla-breakdown'
import { SliceTickets } from '../components/slice-tickets'
import { useReportSummary } from '../queries'
import { filtersFrom, queryOf, type TReportFilters } from '../report-view'

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

/** A filter's choices: the values the report counts now, and the one chosen even when none is left. */
const choicesOf = (bars: readonly TReportCount[] | undefined, prefix: string, chosen: string) => {
  const choices = (bars ?? []).map((bar) => ({ value: bar.slice.slice(prefix.length + 1), label: bar.label }))
  if (chosen && !choices.some((choice) => choice.value === chosen))
    choices.push({ value: chosen, label: chosen })
  return choices.filter((choice) => choice.value !== 'none')
}

function Filter({
  id,
  label,
  value,
  onChange,
  choices,
}: {
  id: keyof TReportFilters
  label: string
  value: string
  onChange: (key: keyof TReportFilters, value: string) => void
  choices: readonly { value: string; label: string }[]
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={`report-${id}`}>{label}</Label>
      <NativeSelect id={`report-${id}`} value={value} onChange={(event) => onChange(id, event.target.value)}>
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}

/**
 * `/reports` (issue 27 item 5, decision 064): owners and admins read the workspace, an agent their own
 * tickets. Every bar and count opens the tickets behind it below the charts.
 */
export function ReportsPage() {
  const { user, isLoading } = useSession()
  const teamId = useCurrentWorkspaceId(user?.$id)
  const [params, setParams] = useSearchParams()
  const filters = filtersFrom(params)
  const query = useMemo(() => (teamId ? queryOf(teamId, filters, timeZone) : null), [teamId, filters])
  const summary = useReportSummary(query)
  const [opened, setOpened] = useState<{ slice: string; title: string } | null>(null)
  if (!isLoading && !user) return null

  const change = (key: keyof TReportFilters, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
    setOpened(null)
  }
  const open = (slice: string, title: string) => setOpened({ slice, title })
  const data = summary.data
  return (
    <div className="mx-auto grid w-full max-w-[100rem] grid-cols-1 gap-3 px-2 py-3 sm:px-4 sm:py-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Reports</h1>
        <p className="text-sm text-muted-foreground" data-testid="report-cohort">
          Counting: {REPORT_COHORT_LABELS[filters.cohort as TReportCohort] ?? filters.cohort}, {filters.from}{' '}
          to {filters.to} ({timeZone}, {filters.hours} hours)
          {data ? ` · previous period ${data.previous.from} to ${data.previous.to}` : ''}
        </p>
      </div>
      {/*
        As many columns as fit a field whole (ten at 1280 px cut the dates to "10/30/20"); on a phone, where
        the text is larger, each date takes a row of its own.
      */}
      <Card
        className="grid grid-cols-[repeat(auto-fill,minmax(min(10rem,100%),1fr))] gap-3 p-4"
        aria-label="Filters"
      >
        <div className="col-span-full grid gap-1 sm:col-span-1">
          <Label htmlFor="report-from">From</Label>
          <Input
            id="report-from"
            type="date"
            value={filters.from}
            onChange={(event) => change('from', event.target.value)}
          />
        </div>
        <div className="col-span-full grid gap-1 sm:col-span-1">
          <Label htmlFor="report-to">To</Label>
          <Input
            id="report-to"
            type="date"
            value={filters.to}
            onChange={(event) => change('to', event.target.value)}
          />
        </div>
        <Filter
          id="cohort"
          label="Cohort"
          value={filters.cohort === 'created' ? '' : filters.cohort}
          onChange={(key, value) => change(key, value)}
          choices={[{ value: 'events', label: REPORT_COHORT_LABELS.events }]}
        />
        <Filter
          id="hours"
          label="Hours"
          value={filters.hours === 'calendar' ? '' : filters.hours}
          onChange={change}
          choices={[{ value: 'business', label: 'Business hours' }]}
        />
        <Filter
          id="groupId"
          label="Group"
          value={filters.groupId}
          onChange={change}
          choices={choicesOf(data?.volume.group, 'group', filters.groupId)}
        />
        <Filter
          id="agentId"
          label="Agent"
          value={filters.agentId}
          onChange={change}
          choices={(data?.leaderboard ?? []).map((leader) => ({ value: leader.agentId, label: leader.name }))}
        />
        <Filter
          id="mailboxId"
          label="Mailbox"
          value={filters.mailboxId}
          onChange={change}
          choices={choicesOf(data?.volume.mailbox, 'mailbox', filters.mailboxId)}
        />
        <Filter
          id="category"
          label="Category"
          value={filters.category}
          onChange={change}
          choices={choicesOf(data?.volume.category, 'category', filters.category)}
        />
        <Filter
          id="priority"
          label="Priority"
          value={filters.priority}
          onChange={change}
          choices={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: priority }))}
        />
      </Card>
      {summary.error && <p className="text-sm text-destructive">{summary.error.message}</p>}
      {data?.truncated && (
        <p className="text-sm text-muted-foreground">
          This report reached its limit of tickets: narrow the filters.
        </p>
      )}
      {data && query && (
        <>
          <HeadlineTiles headline={data.headline} previous={data.previous.headline} onOpen={open} />
          {opened && (
            <SliceTickets
              query={query}
              slice={opened.slice}
              title={opened.title}
              onClose={() => setOpened(null)}
            />
          )}
          <DaysChart days={data.days} onOpen={open} />
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            <DurationChart
              title="First reply time"
              duration={data.firstReply}
              csvName="first-reply.csv"
              onOpen={open}
            />
            <DurationChart
              title="Resolution time"
              duration={data.resolution}
              csvName="resolution.csv"
              onOpen={open}
            />
            {(
              [
                ['Backlog by age (open now)', data.backlog, 'backlog.csv'],
                ['By priority', data.volume.priority, 'priority.csv'],
                ['By category', data.volume.category, 'category.csv'],
                ['By mailbox', data.volume.mailbox, 'mailbox.csv'],
                ['By group', data.volume.group, 'group.csv'],
              ] as const
            ).map(([title, bars, csvName]) => (
              <CountsChart key={csvName} title={title} bars={bars} onOpen={open} csvName={csvName} />
            ))}
            <SlaTable sla={data.sla} onOpen={open} />
          </div>
          <SlaBreakdown slaBy={data.slaBy} onOpen={open} />
          <Leaderboard leaders={data.leaderboard} onOpen={open} />
        </>
      )}
    </div>
  )
}
