import type { FastifyInstance } from 'fastify'
import type { TCollectionDefinition } from '../documents/collection'
import { toDocumentModel } from '../documents/document-model'
import type { TSpamService } from './spam-service'

type TTicketParams = { Params: { ticketId: string } }
type TTeamParams = { Params: { teamId: string } }
type TBlockParams = { Params: { teamId: string; blockId: string } }

/**
 * Our routes for spam (docs/api.md): the SDK calls them through its client's call(). Marking answers
 * with the ticket as the documents API shows it.
 */
export const spamRoutes =
  (deps: { spam: TSpamService; tickets: TCollectionDefinition }) => (app: FastifyInstance) => {
    const { spam } = deps
    app.post<TTicketParams>('/v1/tickets/:ticketId/spam', async (request) =>
      toDocumentModel(deps.tickets, await spam.markSpam(request.auth, request.params.ticketId, request.body)),
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
  }
