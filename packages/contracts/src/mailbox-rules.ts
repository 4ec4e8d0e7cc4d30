// Plain values and types only: the dashboard paints with these, so this module must never import zod.

/** Final outcomes of a delivery that keep the mail but make no ticket or reply, as the owner sees them. */
export const KEPT_MAIL_STATUSES = ['auto-reply', 'bounce', 'loop', 'duplicate', 'rejected'] as const
export type TKeptMailStatus = (typeof KEPT_MAIL_STATUSES)[number]

/** The mailbox document's counter for each kept-mail outcome. */
export const KEPT_MAIL_COUNTERS = {
  'auto-reply': 'autoReplies',
  bounce: 'bounces',
  loop: 'loops',
  duplicate: 'duplicates',
  rejected: 'rejected',
} as const satisfies Record<TKeptMailStatus, string>

export const KEPT_MAIL_LABELS: Record<TKeptMailStatus, string> = {
  'auto-reply': 'Auto-replies',
  bounce: 'Bounces',
  loop: 'Loops',
  duplicate: 'Duplicates',
  rejected: 'Rejected',
}

// The documents' types come from their one declaration in ./mail (types only: no zod in the bundle).
export type { TInboundAttributes, TMailboxAttributes, TMailboxCounts, TMessageAttributes } from './mail'

/** The webhook endpoints of a mailbox, in the order a person setting up a provider looks for them. */
export const WEBHOOK_ENDPOINTS = ['postmark', 'mailgun', 'mailgunMime', 'sendgrid', 'raw'] as const
export type TWebhookEndpoint = (typeof WEBHOOK_ENDPOINTS)[number]

export const WEBHOOK_ENDPOINT_LABELS: Record<TWebhookEndpoint, string> = {
  postmark: 'Postmark',
  mailgun: 'Mailgun',
  mailgunMime: 'Mailgun (whole message)',
  sendgrid: 'SendGrid',
  raw: 'Raw MIME',
}

/** GET /v1/inbound/:mailboxId, for the owner: the URLs to paste into a provider, each carrying the secret. */
export type TInboundWebhookInfo = {
  mailboxId: string
  address: string
  secret: string
  urls: Record<TWebhookEndpoint, string>
}

/** The File model of bucket `attachments`, with the ticket (and reply) the attachment came with. */
export type TAttachmentFileAttributes = {
  name: string
  mimeType: string
  sizeOriginal: number
  ticketId: string | null
  threadMessageId: string | null
  contentId: string | null
  disposition: 'attachment' | 'inline'
}

export const MailboxMessages = {
  webhooksManagersOnly: "Only the workspace's owners and admins can see its webhook addresses and secret",
} as const
