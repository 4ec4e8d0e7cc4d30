/** The one database the product uses, as the spec names it. */
export const DATABASE_ID = 'main'

export const CollectionId = {
  tickets: 'tickets',
  ticketEvents: 'ticket_events',
  waitlist: 'waitlist',
  mailboxes: 'mailboxes',
  messages: 'messages',
  inbound: 'inbound',
  imapAccounts: 'imap_accounts',
  outbox: 'outbox',
  views: 'views',
  groups: 'groups',
  contacts: 'contacts',
  macros: 'macros',
  notifications: 'notifications',
  businessHours: 'business_hours',
  slaPolicies: 'sla_policies',
  rules: 'rules',
  customFields: 'custom_fields',
  templates: 'templates',
} as const
export type TCollectionId = (typeof CollectionId)[keyof typeof CollectionId]

export const BucketId = { attachments: 'attachments' } as const

export const PROJECT_ID_DEFAULT = 'parsedesk'

/**
 * The most a list's `total` counts (Appwrite caps it the same way): counting every match of a broad query
 * costs a scan, so a list holding this many says "5,000+".
 */
export const LIST_TOTAL_CAP = 5000
