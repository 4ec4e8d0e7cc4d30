import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { TICKET_LIST_ATTRIBUTES } from '../../apps/web/src/features/tickets/ticket-model'

const DOCUMENTS_PATH = `/v1/databases/${DATABASE_ID}/collections/${CollectionId.tickets}/documents`

/** As many tickets as the dashboard lists (apps/web/src/features/tickets/queries.ts). */
export const DASHBOARD_PAGE_SIZE = 100

/**
 * The dashboard's list: the current workspace's newest tickets, the attributes its table shows, exactly
 * as the SDK encodes the four queries.
 */
export function dashboardListQueries(teamId: string): string[] {
  return [
    JSON.stringify({ method: 'equal', attribute: 'teamId', values: [teamId] }),
    JSON.stringify({ method: 'orderDesc', attribute: '$createdAt' }),
    JSON.stringify({ method: 'limit', values: [DASHBOARD_PAGE_SIZE] }),
    JSON.stringify({ method: 'select', values: [...TICKET_LIST_ATTRIBUTES] }),
  ]
}

export function listTicketsPath(teamId: string): string {
  return `${DOCUMENTS_PATH}?${dashboardListQueries(teamId)
    .map((q, i) => `${encodeURIComponent(`queries[${i}]`)}=${encodeURIComponent(q)}`)
    .join('&')}`
}

export const CREATE_TICKET_PATH = DOCUMENTS_PATH

/** What the Ticket Details dialog reads: the whole ticket. */
export function ticketPath(ticketId: string): string {
  return `${DOCUMENTS_PATH}/${ticketId}`
}

/**
 * What the dashboard form posts: the three fields, the fields it fills itself, the current workspace and
 * owner-only permissions (the server stores the workspace's instead).
 */
export function createTicketBody(options: { userId: string; teamId: string; n: number }) {
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
      teamId: options.teamId,
    },
    permissions: [`read("${role}")`, `update("${role}")`, `delete("${role}")`, `write("${role}")`],
  }
}

/** The permissions every ticket of the workspace carries (tickets/tickets-collection.ts ticketPermissions). */
export function workspaceTicketPermissions(teamId: string): string[] {
  const role = `team:${teamId}`
  return [`read("${role}")`, `update("${role}")`, `delete("${role}")`]
}

export function sessionHeaders(options: { projectId: string; secret: string }): Record<string, string> {
  return { 'x-appwrite-project': options.projectId, 'x-appwrite-session': options.secret }
}
