import { ZWorkspaceCategoriesUpdate } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../accounts/account-settings-service'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TCategoryService } from './category-service'

type TTeamParams = { Params: { teamId: string } }
const ZTeamParams = z.object({ teamId: z.string() })

/** Our routes beside Appwrite's Teams API: the SDK calls them through its client's call() (docs/api.md). */
export const categoryRoutes = (deps: { categories: TCategoryService }) => (instance: FastifyInstance) => {
  const app = withZodSchemas(instance)
  app.get<TTeamParams>('/v1/teams/:teamId/categories', (request) =>
    deps.categories.read(request.auth, request.params.teamId),
  )
  app.put(
    '/v1/teams/:teamId/categories',
    validated({ body: ZWorkspaceCategoriesUpdate, params: ZTeamParams }, (request) =>
      requireUser(request.auth),
    ),
    (request) => deps.categories.replace(request.auth, request.params.teamId, request.body),
  )
}
