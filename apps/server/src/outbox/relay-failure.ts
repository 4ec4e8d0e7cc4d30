export type TRelayFailure = {
  /** A 5xx: the relay will never take this mail, so trying again only repeats the refusal. */
  isPermanent: boolean
  /** The relay's own answer (e.g. "550 5.1.1 user unknown"), or what kept us from getting one. */
  reason: string
}

// Refused by nodemailer itself before the relay was asked (a recipient or a size it cannot send): the
// mail is at fault, and would be on every later try.
const UNSENDABLE_CODES = new Set(['EENVELOPE', 'EMESSAGE'])

type TNodemailerError = { responseCode?: unknown; response?: unknown; message?: unknown; code?: unknown }

/**
 * What a failed send tells: an SMTP reply carries its code and text; anything else (a refused or
 * dropped connection, a timeout, TLS) got no answer, and is tried again like a 4xx.
 */
export function describeRelayFailure(error: unknown): TRelayFailure {
  const failure = (error ?? {}) as TNodemailerError
  const replyCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined
  const reply = typeof failure.response === 'string' ? failure.response : undefined
  if (replyCode !== undefined && reply) return { isPermanent: replyCode >= 500, reason: reply }
  const message = typeof failure.message === 'string' ? failure.message : String(error)
  const errorCode = typeof failure.code === 'string' ? failure.code : undefined
  return {
    isPermanent: errorCode !== undefined && UNSENDABLE_CODES.has(errorCode),
    reason: errorCode ? `${errorCode}: ${message}` : message,
  }
}
