import { SpamBlock, ZMarkSpam } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../accounts/account-settings-service'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TCollectionDefinition } from '../documents/collection'
import { toDocumentModel } from '../documents/document-model'
import type { TSpamService } from './spam-service'

type TTicketParams = { Params: { ticketId: string } }
const ZTicketParams = z.object({ ticketId: z.string() })
// The SDK may send no body at all: the sender is then not blocked.
const ZMarkSpamBody = ZMarkSpam.default({ block: SpamBlock.none })
type TTeamParams = { Params: { teamId: string } }
type TBlockParams = { Params: { teamId: string; blockId: string } }
type TTrustParams = { Params: { teamId: string; trustId: string } }

/**
 * Our routes for spam (docs/api.md): the SDK calls them through its client's call(). Marking answers
 * with the ticket as the documents API shows it.
 */
export const spamRoutes =
  (deps: { spam: TSpamService; tickets: TCollectionDefinition }) => (instance: FastifyInstance) => {
    const { spam } = deps
    const app = withZodSchemas(instance)
    app.post(
      '/v1/tickets/:ticketId/spam',
      validated({ body: ZMarkSpamBody, params: ZTicketParams }, (request) => requireUser(request.auth)),
      async (request) =>
        toDocumentModel(
          deps.tickets,
          await spam.markSpam(request.auth, request.params.ticketId, request.body),
        ),
    )
    app.delete<TTicketParams>('/v1/tickets/:ticketId/spam', async (request) =>
      toDocumentModel(deps.tickets, await spam.markNotSpam(request.auth, request.params.ticketId)),
    )
    app.get<TTeamParams>('/v1/teams/:teamId/blocked-senders', (request) =>
      spam.listBlocked(request.auth, request.params.teamId),
    )
    app.delete<TBlockParams>('/v1/teams/:teamId/blocked-senders/:blockId', async (request, reply) => {
      await spam.unblock(request.auth, request.params.teamId, request.params.blockId)
      return reply.code(204).send()
    })
    app.get<TTeamParams>('/v1/teams/:teamId/trusted-senders', (request) =>
      spam.listTrusted(request.auth, request.params.teamId),
    )
    app.delete<TTrustParams>('/v1/teams/:teamId/trusted-senders/:trustId', async (request, reply) => {
      await spam.forgetTrusted(request.auth, request.params.teamId, request.params.trustId)
      return reply.code(204).send()
    })
  }
