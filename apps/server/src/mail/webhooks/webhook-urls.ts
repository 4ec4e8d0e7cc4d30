export type TWebhookUrls = {
  postmark: string
  mailgun: string
  /** For a Mailgun route that should post the message whole (`body-mime`): its URL must end in "mime". */
  mailgunMime: string
  sendgrid: string
  /** POST the message as the body with Content-Type: message/rfc822. */
  raw: string
}

/** The URLs an owner pastes into a provider; the secret rides along because most providers take only a URL. */
export function webhookUrls(options: { publicUrl: string; mailboxId: string; secret: string }): TWebhookUrls {
  const base = `${options.publicUrl}/v1/inbound/${encodeURIComponent(options.mailboxId)}`
  const query = `?secret=${encodeURIComponent(options.secret)}`
  return {
    postmark: `${base}/postmark${query}`,
    mailgun: `${base}/mailgun${query}`,
    mailgunMime: `${base}/mailgun/mime${query}`,
    sendgrid: `${base}/sendgrid${query}`,
    raw: `${base}/raw${query}`,
  }
}
