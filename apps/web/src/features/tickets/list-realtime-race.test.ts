// @vitest-environment happy-dom
import { ZViewFilters } from '@parsedesk/contracts'
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { TTicketPages } from './list-cache'
import { applyToTicketLists, type TTicketListKey } from './queries'
import type { TTicketSummary } from './ticket-model'

const ME = 'user-ada'
const TEAM = 'team-1'
const ALL = ZViewFilters.parse({})
const KEY: TTicketListKey = ['tickets', 'list', ME, TEAM, ALL, '']

function ticket(id: string): TTicketSummary {
  const at = new Date().toISOString()
  return {
    $id: id,
    $createdAt: at,
    $updatedAt: at,
    status: 'open',
    number: 1,
    tags: [],
    teamId: TEAM,
  } as never
}

const page = (documents: TTicketSummary[]) => ({ documents, total: documents.length, hasMore: false })

describe('a ticket announced while its list is being read', () => {
  it('is still listed when the reading that began before its commit answers without it', async () => {
    const queryClient = new QueryClient()
    // What the server holds: nothing, until the ticket is committed (and announced).
    let committed: TTicketSummary[] = []
    let releaseFirstReading: () => void = () => {}
    let readings = 0
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: KEY,
      initialPageParam: null,
      getNextPageParam: () => null,
      queryFn: async () => {
        readings += 1
        if (readings === 2) {
          // This reading saw the table before the commit, and answers after the announcement.
          const before = [...committed]
          await new Promise<void>((resolve) => {
            releaseFirstReading = resolve
          })
          return page(before)
        }
        return page([...committed])
      },
    })
    const unsubscribe = observer.subscribe(() => {})
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true)

    void queryClient.invalidateQueries({ queryKey: KEY, exact: true })
    await expect.poll(() => readings).toBe(2)
    const created = ticket('new-ticket')
    committed = [created]
    applyToTicketLists(queryClient, { kind: 'create', ticket: created }, ME)
    releaseFirstReading()

    await expect
      .poll(() => queryClient.getQueryData<TTicketPages>(KEY)?.pages[0]?.documents.map((row) => row.$id))
      .toEqual(['new-ticket'])
    await expect.poll(() => queryClient.getQueryState(KEY)?.fetchStatus).toBe('idle')
    expect(queryClient.getQueryData<TTicketPages>(KEY)?.pages[0]?.documents.map((row) => row.$id)).toEqual([
      'new-ticket',
    ])
    unsubscribe()
  })
})
