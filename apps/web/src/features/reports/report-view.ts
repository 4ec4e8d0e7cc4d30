import type { TReportCount, TReportRate } from '@parsedesk/contracts'

/** The report's filters as the page holds them, in its address: every value a string, empty for "any". */
export type TReportFilters = {
  from: string
  to: string
  cohort: string
  hours: string
  groupId: string
  agentId: string
  mailboxId: string
  category: string
  priority: string
}

export const FILTER_KEYS = [
  'from',
  'to',
  'cohort',
  'hours',
  'groupId',
  'agentId',
  'mailboxId',
  'category',
  'priority',
] as const satisfies readonly (keyof TReportFilters)[]

const isoDate = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`

/** The last 30 local days, today included. */
export function defaultPeriod(today = new Date()): { from: string; to: string } {
  const from = new Date(today)
  from.setDate(from.getDate() - 29)
  return { from: isoDate(from), to: isoDate(today) }
}

export function filtersFrom(params: URLSearchParams, today = new Date()): TReportFilters {
  const period = defaultPeriod(today)
  const value = (key: keyof TReportFilters) => params.get(key) ?? ''
  return {
    from: value('from') || period.from,
    to: value('to') || period.to,
    cohort: value('cohort') || 'created',
    hours: value('hours') || 'calendar',
    groupId: value('groupId'),
    agentId: value('agentId'),
    mailboxId: value('mailboxId'),
    category: value('category'),
    priority: value('priority'),
  }
}

/** The query the server reads: the filters set, the workspace and the browser's time zone. */
export function queryOf(teamId: string, filters: TReportFilters, timeZone: string): Record<string, string> {
  const query: Record<string, string> = { teamId, timeZone }
  for (const key of FILTER_KEYS) if (filters[key]) query[key] = filters[key]
  return query
}

const MINUTE = 60_000

/** "42 min", "3.5 h", "2.1 days"; a dash when nothing was measured. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–'
  if (ms < 60 * MINUTE) return `${Math.round(ms / MINUTE)} min`
  if (ms < 48 * 60 * MINUTE) return `${(ms / (60 * MINUTE)).toFixed(1)} h`
  return `${(ms / (24 * 60 * MINUTE)).toFixed(1)} days`
}

/** The SLA targets as every table of the page names them. */
export const SLA_LABELS: Record<string, string> = {
  'first-reply': 'First reply',
  'next-reply': 'Next reply',
  resolution: 'Resolution',
}

export function formatRate(rate: TReportRate): string {
  return rate.total === 0 ? '–' : `${Math.round((rate.count / rate.total) * 100)}%`
}

/** A CSV cell; a leading =+-@ is defused so a spreadsheet never runs it as a formula. */
function cell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A chart's table as CSV: the rows and columns the chart draws, with the same numbers. */
export function tableCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`
}

export const countsCsv = (heading: string, bars: readonly TReportCount[]) =>
  tableCsv(
    [heading, 'Tickets'],
    bars.map((bar) => [bar.label, bar.count]),
  )

export function download(name: string, content: BlobPart, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
