import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import type { TDatabase } from '../../db/database'
import { ensureMailbox } from './mailbox-repository'

const MAILBOX_PATH = `/v1/databases/${DATABASE_ID}/collections/${CollectionId.mailboxes}/documents`

/**
 * A signed-in user who reads their mailboxes always finds one: it is made on that first read, whichever
 * way the account was created (password, Google), without the accounts domain knowing about mail.
 */
export function ensureMailboxOnRead(options: { inboundDomain: string; db: TDatabase }) {
  const ctx = options
  return (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'GET' || request.auth.kind !== 'user') return
      if (!request.url.startsWith(MAILBOX_PATH)) return
      await ensureMailbox(ctx.db, { user: request.auth.user, domain: options.inboundDomain })
    })
  }
}
