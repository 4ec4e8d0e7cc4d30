import {
  TICKET_PRIORITIES,
  type TPriorityModelStatus,
  type TWorkspaceModelStatus,
  WorkspaceModelKind,
} from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import type { TWorkspaceModelService } from './workspace-model-service'

type TTeamParams = { Params: { teamId: string } }
type TStatus = Awaited<ReturnType<TWorkspaceModelService['status']>>

const asCategoryStatus = ({ trained, ...status }: TStatus): TWorkspaceModelStatus => ({
  ...status,
  trained: trained && (({ labels, ...figures }) => ({ ...figures, categories: labels }))(trained),
})

const asPriorityStatus = ({ trained, ...status }: TStatus): TPriorityModelStatus => ({
  ...status,
  trained:
    trained &&
    (({ labels, ...figures }) => ({
      ...figures,
      priorities: TICKET_PRIORITIES.filter((priority) => labels.includes(priority)),
    }))(trained),
})

/**
 * Our routes beside Appwrite's (docs/api.md): the workspace's category and priority models, read by
 * members; a training (owners and admins) retrains both.
 */
export const workspaceModelRoutes = (deps: { models: TWorkspaceModelService }) => (app: FastifyInstance) => {
  app.get<TTeamParams>('/v1/teams/:teamId/category-model', async (request) =>
    asCategoryStatus(
      await deps.models.status(request.auth, request.params.teamId, WorkspaceModelKind.category),
    ),
  )
  app.post<TTeamParams>('/v1/teams/:teamId/category-model/training', async (request, reply) => {
    const status = await deps.models.requestTraining(
      request.auth,
      request.params.teamId,
      WorkspaceModelKind.category,
    )
    return reply.code(202).send(asCategoryStatus(status))
  })
  app.get<TTeamParams>('/v1/teams/:teamId/priority-model', async (request) =>
    asPriorityStatus(
      await deps.models.status(request.auth, request.params.teamId, WorkspaceModelKind.priority),
    ),
  )
  app.post<TTeamParams>('/v1/teams/:teamId/priority-model/training', async (request, reply) => {
    const status = await deps.models.requestTraining(
      request.auth,
      request.params.teamId,
      WorkspaceModelKind.priority,
    )
    return reply.code(202).send(asPriorityStatus(status))
  })
}
