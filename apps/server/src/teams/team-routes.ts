import {
  ZMembershipCreate,
  ZMembershipStatusUpdate,
  ZMembershipUpdate,
  ZTeamCreate,
  ZTeamPrefsUpdate,
  ZTeamUpdate,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { clientInfoOf } from '../accounts/client-info'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TTeamService } from './team-service'
import { requireUser } from './workspace-access'

type TTeamParams = { Params: { teamId: string } }
type TMembershipParams = { Params: { teamId: string; membershipId: string } }
type TListQuery = { Querystring: Record<string, unknown> }

function listOptions(query: Record<string, unknown>) {
  return { queries: query.queries, search: query.search }
}

const ZTeamParams = z.object({ teamId: z.string() })
const ZMembershipParams = z.object({ teamId: z.string(), membershipId: z.string() })

/** A signed-in caller's body, validated before the handler (decision 058): a guest is refused first. */
const signedIn = <B extends z.ZodType, P extends z.ZodType>(body: B, params: P) =>
  validated({ body, params }, (request: FastifyRequest) => requireUser(request.auth))

/** The Teams API of Appwrite's that the SDK's `Teams` service calls (docs/api.md, "Teams"). */
export const teamRoutes = (deps: { teams: TTeamService }) => (instance: FastifyInstance) => {
  const { teams } = deps
  const app = withZodSchemas(instance)

  app.get<TListQuery>('/v1/teams', (request) => teams.listTeams(request.auth, listOptions(request.query)))
  app.post(
    '/v1/teams',
    validated({ body: ZTeamCreate }, (request) => requireUser(request.auth)),
    async (request, reply) => reply.code(201).send(await teams.createTeam(request.auth, request.body)),
  )
  app.get<TTeamParams>('/v1/teams/:teamId', (request) => teams.getTeam(request.auth, request.params.teamId))
  app.put('/v1/teams/:teamId', signedIn(ZTeamUpdate, ZTeamParams), (request) =>
    teams.updateName(request.auth, request.params.teamId, request.body),
  )
  app.delete<TTeamParams>('/v1/teams/:teamId', async (request, reply) => {
    await teams.deleteTeam(request.auth, request.params.teamId)
    return reply.code(204).send()
  })
  app.get<TTeamParams>('/v1/teams/:teamId/prefs', (request) =>
    teams.getPrefs(request.auth, request.params.teamId),
  )
  app.put('/v1/teams/:teamId/prefs', signedIn(ZTeamPrefsUpdate, ZTeamParams), (request) =>
    teams.updatePrefs(request.auth, request.params.teamId, request.body),
  )

  app.get<TTeamParams & TListQuery>('/v1/teams/:teamId/memberships', (request) =>
    teams.listMemberships(request.auth, request.params.teamId, listOptions(request.query)),
  )
  app.post(
    '/v1/teams/:teamId/memberships',
    signedIn(ZMembershipCreate, ZTeamParams),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await teams.createMembership(
            request.auth,
            request.params.teamId,
            request.body,
            clientInfoOf(request),
          ),
        ),
  )
  app.get<TMembershipParams>('/v1/teams/:teamId/memberships/:membershipId', (request) =>
    teams.getMembership(request.auth, request.params.teamId, request.params.membershipId),
  )
  app.patch(
    '/v1/teams/:teamId/memberships/:membershipId',
    signedIn(ZMembershipUpdate, ZMembershipParams),
    (request) =>
      teams.updateMembership(request.auth, request.params.teamId, request.params.membershipId, request.body),
  )
  app.delete<TMembershipParams>('/v1/teams/:teamId/memberships/:membershipId', async (request, reply) => {
    await teams.deleteMembership(request.auth, request.params.teamId, request.params.membershipId)
    return reply.code(204).send()
  })
  app.patch(
    '/v1/teams/:teamId/memberships/:membershipId/status',
    signedIn(ZMembershipStatusUpdate, ZMembershipParams),
    (request) =>
      teams.acceptInvitation(request.auth, {
        teamId: request.params.teamId,
        membershipId: request.params.membershipId,
        ip: clientInfoOf(request).ip,
        input: request.body,
      }),
  )
}
