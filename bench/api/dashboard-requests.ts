import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'

const DOCUMENTS_PATH = `/v1/databases/${DATABASE_ID}/collections/${CollectionId.tickets}/documents`

export const DASHBOARD_PAGE_SIZE = 25

/** The dashboard's list: its newest tickets, exactly as the SDK encodes the two queries. */
export const DASHBOARD_LIST_QUERIES = [
  JSON.stringify({ method: 'orderDesc', attribute: '$createdAt' }),
  JSON.stringify({ method: 'limit', values: [DASHBOARD_PAGE_SIZE] }),
]

export const LIST_TICKETS_PATH = `${DOCUMENTS_PATH}?${DASHBOARD_LIST_QUERIES.map(
  (q, i) => `${encodeURIComponent(`queries[${i}]`)}=${encodeURIComponent(q)}`,
).join('&')}`

export const CREATE_TICKET_PATH = DOCUMENTS_PATH

/** What the dashboard form posts: the three fields, the fields it fills itself, owner-only permissions. */
export function createTicketBody(options: { userId: string; n: number }) {
  const role = `user:${options.userId}`
  return {
    documentId: 'unique()',
    data: {
      email: `customer${options.n}@example.org`,
      subject: `Cannot export invoices (${options.n})`,
      body: `Hello,\n\nsince this morning the export of invoices fails with an error 500. ${'Steps and details follow. '.repeat(12)}\n\nThanks`,
      status: 'open',
      userId: options.userId,
      processing_status: 'waiting',
    },
    permissions: [`read("${role}")`, `update("${role}")`, `delete("${role}")`, `write("${role}")`],
  }
}

export function sessionHeaders(options: { projectId: string; secret: string }): Record<string, string> {
  return { 'x-appwrite-project': options.projectId, 'x-appwrite-session': options.secret }
}
