/** What one process allows per socket and per user, so one client cannot exhaust memory or CPU. */
export type TRealtimeLimits = {
  /** Larger client messages are a protocol violation (Appwrite's realtime server stops at 64 kB). */
  maxMessageBytes: number
  /** Beyond this a message gets an error frame (1013) instead of an answer; the SDK pings 3 times a minute. */
  maxMessagesPerMinute: number
  maxSubscriptionsPerSocket: number
  maxChannelsPerSubscription: number
  maxQueriesPerSubscription: number
  maxSocketsPerUser: number
  maxSocketsPerIp: number
  /** A socket whose unsent backlog grows past this is closed (1013) and reconnects later. */
  maxBufferedBytes: number
  /** Protocol-level ping interval; a socket that missed the previous pong is dropped. */
  heartbeatMs: number
}

export const DEFAULT_REALTIME_LIMITS: TRealtimeLimits = {
  maxMessageBytes: 64 * 1024,
  maxMessagesPerMinute: 120,
  maxSubscriptionsPerSocket: 64,
  maxChannelsPerSubscription: 32,
  maxQueriesPerSubscription: 32,
  maxSocketsPerUser: 20,
  maxSocketsPerIp: 200,
  maxBufferedBytes: 16 * 1024 * 1024,
  heartbeatMs: 30_000,
}

export const MAX_CHANNEL_LENGTH = 256
export const MAX_QUERY_LENGTH = 4096
export const MAX_SESSION_LENGTH = 4096
