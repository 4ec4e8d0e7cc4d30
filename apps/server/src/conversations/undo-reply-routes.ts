import type { FastifyInstance } from 'fastify'
import type { TReplyUndo } from './undo-reply'

/**
 * POST /v1/messages/:messageId/undo: takes back a reply still held for undo, and answers the reply as it
 * was written, for the composer (docs/api.md, decision 039).
 */
export const replyUndoRoutes = (deps: { undo: TReplyUndo }) => (app: FastifyInstance) => {
  app.post<{ Params: { messageId: string } }>('/v1/messages/:messageId/undo', (request) =>
    deps.undo(request.auth, request.params.messageId),
  )
}
