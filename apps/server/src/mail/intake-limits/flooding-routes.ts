import { ErrorType } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../core/app-error'
import type { TDatabase } from '../../db/database'
import { isMember } from '../../teams/workspace-access'
import { listFloodingSenders } from './flooding-senders-repository'

/**
 * GET /v1/teams/:teamId/flooding-senders: the senders whose mail the intake deferred lately, for the
 * dashboard's notice (docs/api.md). Blocking one is the ticket's "Mark spam and block sender".
 */
export const floodingRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  app.get<{ Params: { teamId: string } }>('/v1/teams/:teamId/flooding-senders', async (request) => {
    const { auth } = request
    if (auth.kind !== 'user') throw AppError.unauthorizedScope()
    if (!isMember(auth, request.params.teamId)) throw new AppError(ErrorType.teamNotFound)
    const senders = await listFloodingSenders(deps.db, request.params.teamId)
    return { total: senders.length, senders }
  })
}
