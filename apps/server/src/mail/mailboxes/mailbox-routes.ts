import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import type { TDatabase } from '../../db/database'
import { teamIdsOfRoles } from '../../documents/permissions'
import { readMailboxDirectory } from './mailbox-directory'
import { ensureMailbox } from './mailbox-repository'

const MAILBOX_PATH = `/v1/databases/${DATABASE_ID}/collections/${CollectionId.mailboxes}/documents`
// The directory of a workspace's mailboxes (below), which the ticket list reads beside the documents.
const DIRECTORY_PATH = /^\/v1\/teams\/[^/?]+\/mailboxes(\?|$)/

/**
 * A member who reads mailboxes always finds one for each of their workspaces: it is made on that first
 * read, through the documents or the directory, whichever comes first (the two are read at once), however
 * the account or the workspace was made, without the accounts or teams domains knowing about mail.
 */
export function ensureMailboxOnRead(options: { inboundDomain: string; db: TDatabase }) {
  const { db, inboundDomain } = options
  return (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'GET' || request.auth.kind !== 'user') return
      if (!request.url.startsWith(MAILBOX_PATH) && !DIRECTORY_PATH.test(request.url)) return
      const { user, roles } = request.auth
      const teams = teamIdsOfRoles(roles)
      // The dashboard reads its mailbox every few seconds: only a workspace still without one takes the lock.
      const { rows } = await db.query<{ teamId: string }>(
        'select distinct "teamId" from mailboxes where "teamId" = any($1::text[])',
        [teams],
      )
      const served = new Set(rows.map((row) => row.teamId))
      for (const teamId of teams.filter((id) => !served.has(id))) {
        await db.transaction((tx) => ensureMailbox(tx, { teamId, user, domain: inboundDomain }))
      }
    })
  }
}

/** Our route beside Appwrite's Teams API (docs/api.md): the workspace's mailboxes, named for every member. */
export const mailboxDirectoryRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  app.get<{ Params: { teamId: string } }>('/v1/teams/:teamId/mailboxes', (request) =>
    readMailboxDirectory(deps.db, request.auth, request.params.teamId),
  )
}
