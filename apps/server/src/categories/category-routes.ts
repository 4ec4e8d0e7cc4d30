import type { FastifyInstance } from 'fastify'
import type { TCategoryService } from './category-service'

type TTeamParams = { Params: { teamId: string } }

/** Our routes beside Appwrite's Teams API: the SDK calls them through its client's call() (docs/api.md). */
export const categoryRoutes = (deps: { categories: TCategoryService }) => (app: FastifyInstance) => {
  app.get<TTeamParams>('/v1/teams/:teamId/categories', (request) =>
    deps.categories.read(request.auth, request.params.teamId),
  )
  app.put<TTeamParams>('/v1/teams/:teamId/categories', (request) =>
    deps.categories.replace(request.auth, request.params.teamId, request.body),
  )
}
