import { ErrorType, type TIntakeBacklog } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../core/app-error'
import type { TDatabase } from '../../db/database'
import { isMember } from '../../teams/workspace-access'
import type { TIntakeBacklogReader } from './intake-backlog'

// The notice says "N mails waiting"; past this a count tells a member nothing more and only costs reads.
const COUNT_AT_MOST = 10_000

/**
 * GET /v1/teams/:teamId/intake-backlog: whether the intake is behind (database-wide, no other workspace's
 * numbers) and, while it is, how many of this workspace's mails wait, for the dashboard's notice.
 */
export const intakeBacklogRoutes =
  (deps: { db: TDatabase; backlog: TIntakeBacklogReader }) => (app: FastifyInstance) => {
    app.get<{ Params: { teamId: string } }>('/v1/teams/:teamId/intake-backlog', async (request) => {
      const { auth } = request
      if (auth.kind !== 'user') throw AppError.unauthorizedScope()
      const { teamId } = request.params
      if (!isMember(auth, teamId)) throw new AppError(ErrorType.teamNotFound)
      const { behind } = await deps.backlog.read()
      if (!behind) return { waiting: 0, behind } satisfies TIntakeBacklog
      const { rows } = await deps.db.query<{ waiting: number }>(
        `select count(*)::int as waiting from (
           select 1 from inbound_emails where "teamId" = $1 and "status" = 'received' limit ${COUNT_AT_MOST}
         ) waiting`,
        [teamId],
      )
      return { waiting: rows[0]?.waiting ?? 0, behind } satisfies TIntakeBacklog
    })
  }
