import { Query } from 'appwrite'
import { describe, expect, it } from 'vitest'
import type { TDocumentEvent } from './event-bus'
import { toRealtimeEvent } from './realtime-event'
import { DEFAULT_REALTIME_LIMITS } from './realtime-limits'
import { RealtimeError } from './realtime-protocol'
import { createSubscription, matchesSubscription, parseUrlSubscriptions } from './realtime-subscriptions'

const change: TDocumentEvent = {
  action: 'update',
  databaseId: 'main',
  collectionId: 'tickets',
  documentId: 't1',
  document: { $id: 't1', subject: 'Refund', priority: 'high', description: null, $sequence: '7' },
  readRoles: ['user:u1'],
  timestamp: '2026-11-21T09:54:55.000+00:00',
}

describe('realtime events', () => {
  it('names a document change the way Appwrite lists it, every id also as a wildcard', () => {
    const { events, channels } = toRealtimeEvent(change)
    expect(events.slice(0, 2)).toEqual([
      'databases.main.collections.tickets.documents.t1.update',
      'databases.*.collections.*.documents.*.update',
    ])
    expect(events).toEqual(
      expect.arrayContaining([
        'databases.main.collections.tickets.documents.*.update',
        'databases.*.collections.tickets.documents.t1.update',
        'databases.main.collections.*.documents.*',
        'databases.main.collections.tickets',
        'databases.*.collections.*',
        'databases.main',
        'databases.*',
      ]),
    )
    // 8 id/wildcard combinations at each of the two document levels, 4 for the collection, 2 for the database.
    expect(new Set(events).size).toBe(events.length)
    expect(events).toHaveLength(8 + 8 + 4 + 2)
    expect(channels).toEqual([
      'documents',
      'databases.main.collections.tickets.documents',
      'databases.main.collections.tickets.documents.t1',
    ])
  })

  it('matches a subscription by channel, by the Channel builder’s action form, and by its queries', () => {
    const event = toRealtimeEvent(change)
    const matches = (channels: string[], queries: string[] = []) =>
      matchesSubscription(createSubscription('s', channels, queries), event)
    expect(matches(['documents'])).toBe(true)
    expect(matches(['databases.main.collections.tickets.documents.update'])).toBe(true)
    expect(matches(['databases.main.collections.tickets.documents.t1.update'])).toBe(true)
    expect(matches(['databases.main.collections.tickets.documents.create'])).toBe(false)
    expect(matches(['databases.main.collections.waitlist.documents', 'files'])).toBe(false)
    expect(matches(['documents'], [Query.equal('priority', ['high', 'medium']).toString()])).toBe(true)
    expect(matches(['documents'], [Query.notEqual('priority', 'high').toString()])).toBe(false)
    expect(matches(['documents'], [Query.isNull('description').toString()])).toBe(true)
    expect(matches(['documents'], [Query.startsWith('subject', 'Ref').toString()])).toBe(true)
    expect(
      matches(
        ['documents'],
        [Query.or([Query.equal('priority', 'low'), Query.greaterThan('$sequence', '6')]).toString()],
      ),
    ).toBe(true)
    expect(matches(['documents'], [Query.select(['*']).toString()])).toBe(true)
    expect(() => createSubscription('s', ['documents'], [Query.orderAsc('subject').toString()])).toThrow(
      RealtimeError,
    )
  })

  it("reads SDK 24's URL dialect: channels[] plus each slot's queries, keeping slot numbers", () => {
    const selectAll = Query.select(['*']).toString()
    const search = new URLSearchParams()
    search.append('project', 'parsedesk')
    search.append('channels[]', 'documents')
    search.append('channels[]', 'databases.main.collections.tickets.documents')
    search.append('channels[]', 'files')
    search.append('documents[3][]', selectAll)
    search.append('databases.main.collections.tickets.documents[3][]', selectAll)
    search.append(
      'databases.main.collections.tickets.documents[12][]',
      Query.equal('status', 'open').toString(),
    )
    const parsed = parseUrlSubscriptions(search, DEFAULT_REALTIME_LIMITS)
    expect(parsed.channels).toEqual(['documents', 'databases.main.collections.tickets.documents', 'files'])
    expect(Object.keys(parsed.slots)).toEqual(['3', '12'])
    const [three, twelve, unslotted] = parsed.subscriptions
    expect(three?.channels).toEqual(['documents', 'databases.main.collections.tickets.documents'])
    expect(three?.queries).toEqual([])
    expect(twelve?.queries).toEqual([{ method: 'equal', attribute: 'status', values: ['open'] }])
    // A channel no slot names (SDKs before 24) still gets a subscription, so 25+ style ids are always sent.
    expect(unslotted?.channels).toEqual(['files'])
    expect(parsed.slots['3']).toBe(three?.id)
  })
})
