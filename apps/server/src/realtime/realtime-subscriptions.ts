import { uniqueId } from '@parsedesk/contracts'
import type { TRealtimeEvent } from './realtime-event'
import type { TRealtimeLimits } from './realtime-limits'
import { MAX_CHANNEL_LENGTH, MAX_QUERY_LENGTH } from './realtime-limits'
import { CHANNEL_PATTERN, RealtimeError, RealtimeMessage } from './realtime-protocol'
import {
  matchesRuntimeQueries,
  parseRuntimeQueries,
  RuntimeQueryError,
  type TRuntimeQuery,
} from './runtime-queries'

export type TSubscription = {
  id: string
  channels: string[]
  /** As the client sent them, echoed back in the subscribe response. */
  queryStrings: string[]
  queries: TRuntimeQuery[]
}

export function createSubscription(id: string, channels: string[], queryStrings: string[]): TSubscription {
  try {
    return { id, channels: [...new Set(channels)], queryStrings, queries: parseRuntimeQueries(queryStrings) }
  } catch (error) {
    if (error instanceof RuntimeQueryError) throw RealtimeError.violation(`Invalid query: ${error.message}`)
    throw error
  }
}

export function matchesSubscription(subscription: TSubscription, event: TRealtimeEvent): boolean {
  return (
    subscription.channels.some((channel) => event.matchChannels.has(channel)) &&
    matchesRuntimeQueries(subscription.queries, event.payload)
  )
}

export type TUrlSubscriptions = {
  channels: string[]
  subscriptions: TSubscription[]
  /** The SDK's slot number → our subscription id, for the `connected` frame. */
  slots: Record<string, string>
}

const SLOT_KEY = /^(.+)\[(\d{1,6})\]\[\]$/
const CHANNELS_KEY = /^channels(\[\d*\])?$/

function assertChannel(channel: string): void {
  if (channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH || !CHANNEL_PATTERN.test(channel)) {
    throw RealtimeError.violation(`Invalid channel: ${JSON.stringify(channel.slice(0, MAX_CHANNEL_LENGTH))}`)
  }
}

/**
 * SDK 24 and older put channels in the URL (`channels[]=C`) and, from 24, each subscription's queries
 * under its slot (`C[slot][]=query`). Raw parsing keeps slot numbers that an array parser would compact.
 * Channels no slot names (older SDKs) share one subscription of their own.
 */
export function parseUrlSubscriptions(search: URLSearchParams, limits: TRealtimeLimits): TUrlSubscriptions {
  const channels: string[] = []
  for (const [key, value] of search) {
    if (CHANNELS_KEY.test(key) && !channels.includes(value)) {
      assertChannel(value)
      channels.push(value)
    }
  }
  const bySlot = new Map<string, { channels: string[]; queries: string[] }>()
  for (const [key, value] of search) {
    const match = SLOT_KEY.exec(key)
    if (!match || !channels.includes(match[1]!)) continue
    if (value.length > MAX_QUERY_LENGTH) throw RealtimeError.violation('Invalid query: too long')
    const slot = bySlot.get(match[2]!) ?? { channels: [], queries: [] }
    bySlot.set(match[2]!, slot)
    if (!slot.channels.includes(match[1]!)) slot.channels.push(match[1]!)
    if (!slot.queries.includes(value)) slot.queries.push(value)
  }
  const subscriptions: TSubscription[] = []
  const slots: Record<string, string> = {}
  for (const [slot, entry] of bySlot) {
    const subscription = createSubscription(uniqueId(), entry.channels, entry.queries)
    subscriptions.push(subscription)
    slots[slot] = subscription.id
  }
  const unslotted = channels.filter((c) => ![...bySlot.values()].some((entry) => entry.channels.includes(c)))
  if (unslotted.length > 0) subscriptions.push(createSubscription(uniqueId(), unslotted, []))
  const tooMany =
    subscriptions.length > limits.maxSubscriptionsPerSocket ||
    subscriptions.some(
      (s) =>
        s.channels.length > limits.maxChannelsPerSubscription ||
        s.queryStrings.length > limits.maxQueriesPerSubscription,
    )
  if (tooMany) throw RealtimeError.violation(RealtimeMessage.tooManySubscriptions)
  return { channels, subscriptions, slots }
}
