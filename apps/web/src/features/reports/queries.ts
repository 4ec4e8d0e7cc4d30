import type { TReportDrill, TReportSummary } from '@parsedesk/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/appwrite'

const endpoint = (path: string) => new URL(`${client.config.endpoint}${path}`)

/** The report's numbers (`GET /v1/reports/summary`, decision 064), read live. */
export function useReportSummary(query: Record<string, string> | null) {
  return useQuery({
    queryKey: ['report-summary', query],
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      client.call('get', endpoint('/reports/summary'), {}, query ?? {}) as Promise<TReportSummary>,
  })
}

/** The tickets behind one number (`slice`). */
export function useReportSlice(query: Record<string, string> | null, slice: string | null) {
  return useQuery({
    queryKey: ['report-slice', query, slice],
    enabled: query !== null && slice !== null,
    queryFn: () =>
      client.call(
        'get',
        endpoint('/reports/tickets'),
        {},
        { ...query, slice: slice ?? '' },
      ) as Promise<TReportDrill>,
  })
}

/** Every ticket of a slice as the server's CSV: asked for as bytes, else the SDK wraps a non-JSON answer in `{ message }`. */
export async function fetchTicketsCsv(query: Record<string, string>, slice: string): Promise<ArrayBuffer> {
  return (await client.call(
    'get',
    endpoint('/reports/tickets.csv'),
    {},
    { ...query, slice },
    'arrayBuffer',
  )) as ArrayBuffer
}
