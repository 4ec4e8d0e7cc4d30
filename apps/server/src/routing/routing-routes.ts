import { RoutingMessages, type TRoutingBoard, ZAvailabilityUpdate } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../core/app-error'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TDatabase, TQueryable } from '../db/database'
import type { TTicketService } from '../tickets/ticket-service'
import { readRoutingBoard } from './agent-board'
import { drainQueuesOf } from './route-tickets'
import { holdWorkspaceRouting, setAvailability } from './routing-repository'

/**
 * A member sets themselves available or away in one of their workspaces (no route takes another member's
 * id). Back available, their groups' queues are served at once and the tickets handed out announced.
 */
export const routingRoutes =
  (deps: { db: TDatabase; tickets: Pick<TTicketService, 'announceUpdated'> }) =>
  (instance: FastifyInstance) => {
    const app = withZodSchemas(instance)
    app.put(
      '/v1/routing/availability',
      validated({ body: ZAvailabilityUpdate }, signedIn),
      async (request) => {
        const { teamId, available } = request.body
        const userId = signedIn(request).user.id
        const assigned = await deps.db.transaction(async (tx) => {
          await assertMember(tx, { teamId, userId }, RoutingMessages.ownAvailabilityOnly)
          // Routing's lock before the member's row: a pass holding it marks that row (migration 065).
          await holdWorkspaceRouting(tx, teamId)
          await setAvailability(tx, { teamId, userId, available })
          return available ? drainQueuesOf(tx, teamId, userId) : []
        })
        await deps.tickets.announceUpdated(assigned)
        return { available, assigned: assigned.length }
      },
    )

    /** The agent board: every member of the workspace reads it (managers change groups elsewhere). */
    app.get('/v1/routing/board', validated({ querystring: ZBoardQuery }, signedIn), async (request) => {
      const { teamId } = request.query
      const userId = signedIn(request).user.id
      await assertMember(deps.db, { teamId, userId }, RoutingMessages.boardMembersOnly)
      const board: TRoutingBoard = await readRoutingBoard(deps.db, teamId)
      return board
    })
  }

const ZBoardQuery = z.object({ teamId: z.string().min(1).max(36) })

function signedIn(request: FastifyRequest) {
  if (request.auth.kind !== 'user') throw AppError.unauthorizedScope()
  return request.auth
}

/** Refuses a caller who is not a confirmed member of the workspace, with `message`. */
async function assertMember(
  db: TQueryable,
  { teamId, userId }: { teamId: string; userId: string },
  message: string,
): Promise<void> {
  const { rows } = await db.query(
    'select 1 from memberships where team_id = $1 and user_id = $2 and confirm',
    [teamId, userId],
  )
  if (rows.length === 0) throw AppError.forbidden(message)
}
