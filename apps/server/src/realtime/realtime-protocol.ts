import { z } from 'zod'
import {
  MAX_CHANNEL_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_SESSION_LENGTH,
  type TRealtimeLimits,
} from './realtime-limits'

/** Close and error codes of Appwrite's realtime protocol. */
export const RealtimeCode = {
  goingAway: 1001,
  /** Session not valid: an error frame only, the socket stays open as a guest. */
  messageFormatInvalid: 1003,
  /** Refused for good: the SDK does not reconnect after this close code. */
  policyViolation: 1008,
  /** Too many messages (an error frame only), or too slow to read its events (closed; the SDK reconnects). */
  tryAgainLater: 1013,
} as const

export const RealtimeMessage = {
  unknownProject: 'Missing or unknown project ID',
  invalidOrigin: 'Invalid origin',
  invalidFormat: 'Message format is not valid.',
  tooLarge: 'Message is too large.',
  invalidSession: 'Session is not valid.',
  tooManySubscriptions: 'Too many subscriptions.',
  tooManySockets: 'Too many connections.',
  tooManyMessages: 'Too many messages.',
  slowConsumer: 'Too many unread events.',
} as const

/** A reason to answer with an error frame; `close` also ends the socket with the same code. */
export class RealtimeError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly close: boolean,
  ) {
    super(message)
  }

  static violation(message: string): RealtimeError {
    return new RealtimeError(RealtimeCode.policyViolation, message, true)
  }
}

export const CHANNEL_PATTERN = /^[\w.*:-]+$/
const SUBSCRIPTION_ID_PATTERN = /^[\w.-]{1,64}$/

const ZChannel = z.string().min(1).max(MAX_CHANNEL_LENGTH).regex(CHANNEL_PATTERN)

function inboundSchema(limits: TRealtimeLimits) {
  const ZSubscribeItem = z.object({
    subscriptionId: z.string().regex(SUBSCRIPTION_ID_PATTERN).optional(),
    channels: z.array(ZChannel).min(1).max(limits.maxChannelsPerSubscription),
    queries: z.array(z.string().max(MAX_QUERY_LENGTH)).max(limits.maxQueriesPerSubscription).default([]),
  })
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal('ping') }),
    z.object({
      type: z.literal('authentication'),
      data: z.object({ session: z.string().min(1).max(MAX_SESSION_LENGTH) }),
    }),
    z.object({
      type: z.literal('subscribe'),
      data: z.array(ZSubscribeItem).min(1).max(limits.maxSubscriptionsPerSocket),
    }),
    z.object({
      type: z.literal('unsubscribe'),
      data: z
        .array(z.object({ subscriptionId: z.string().min(1).max(64) }))
        .min(1)
        .max(limits.maxSubscriptionsPerSocket),
    }),
  ])
}

export type TInboundMessage = z.infer<ReturnType<typeof inboundSchema>>
export type TSubscribeItem = Extract<TInboundMessage, { type: 'subscribe' }>['data'][number]

/** Anything a client sends that is not one of the four messages is a protocol violation. */
export function createInboundParser(limits: TRealtimeLimits): (text: string) => TInboundMessage {
  const schema = inboundSchema(limits)
  return (text) => {
    if (Buffer.byteLength(text) > limits.maxMessageBytes)
      throw RealtimeError.violation(RealtimeMessage.tooLarge)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw RealtimeError.violation(RealtimeMessage.invalidFormat)
    }
    const result = schema.safeParse(json)
    if (!result.success) {
      const issue = result.error.issues[0]
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : ''
      throw RealtimeError.violation(`${RealtimeMessage.invalidFormat}${where}`)
    }
    return result.data
  }
}

export function errorFrame(code: number, message: string): string {
  return JSON.stringify({ type: 'error', data: { code, message } })
}

export function responseFrame(to: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type: 'response', data: { to, success: true, ...data } })
}

export function connectedFrame(data: {
  channels: string[]
  subscriptions: Record<string, string>
  user: unknown
}): string {
  return JSON.stringify({ type: 'connected', data })
}

export const PONG_FRAME = JSON.stringify({ type: 'pong' })
