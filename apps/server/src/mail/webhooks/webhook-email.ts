import type { TInboundChannel } from '@parsedesk/contracts'

/** What every webhook format is turned into before it reaches the inbound store. */
export type TWebhookEmail = {
  /** The whole RFC 822 message: as the provider sent it, or composed from its fields. */
  raw: Buffer
  /** The provider's id of this delivery, so its retries are recognised as the same message. */
  externalId?: string | undefined
  envelopeFrom?: string | undefined
}

export const WEBHOOK_FORMATS = ['postmark', 'mailgun', 'sendgrid', 'raw'] as const
export type TWebhookFormat = (typeof WEBHOOK_FORMATS)[number]

export const WEBHOOK_CHANNEL: Record<TWebhookFormat, TInboundChannel> = {
  postmark: 'webhook-postmark',
  mailgun: 'webhook-mailgun',
  sendgrid: 'webhook-sendgrid',
  raw: 'webhook-raw',
}

/** `<a@b>` or `a@b` as a bare address; '' stays '' (a bounce's null sender). */
export function bareAddress(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  const angled = /<([^<>]*)>/.exec(trimmed)
  return (angled ? angled[1]! : trimmed).trim()
}

/** Whether the bytes start like a message: a header field name and a colon. */
export function looksLikeEmail(raw: Buffer): boolean {
  const head = raw.subarray(0, 1000).toString('latin1')
  return /^(From [^\r\n]*\r?\n)?[!-9;-~]+:/.test(head)
}
