import type { FastifyInstance } from 'fastify'
import { clientInfoOf } from '../accounts/client-info'
import type { TTeamService } from './team-service'

type TTeamParams = { Params: { teamId: string } }
type TMembershipParams = { Params: { teamId: string; membershipId: string } }
type TListQuery = { Querystring: Record<string, unknown> }

function listOptions(query: Record<string, unknown>) {
  return { queries: query.queries, search: query.search }
}

/** The Teams API of Appwrite's that the SDK's `Teams` service calls (docs/api.md, "Teams"). */
export const teamRoutes = (deps: { teams: TTeamService }) => (app: FastifyInstance) => {
  const { teams } = deps

  app.get<TListQuery>('/v1/teams', (request) => teams.listTeams(request.auth, listOptions(request.query)))
  app.post('/v1/teams', async (request, reply) =>
    reply.code(201).send(await teams.createTeam(request.auth, request.body)),
  )
  app.get<TTeamParams>('/v1/teams/:teamId', (request) => teams.getTeam(request.auth, request.params.teamId))
  app.put<TTeamParams>('/v1/teams/:teamId', (request) =>
    teams.updateName(request.auth, request.params.teamId, request.body),
  )
  app.delete<TTeamParams>('/v1/teams/:teamId', async (request, reply) => {
    await teams.deleteTeam(request.auth, request.params.teamId)
    return reply.code(204).send()
  })
  app.get<TTeamParams>('/v1/teams/:teamId/prefs', (request) =>
    teams.getPrefs(request.auth, request.params.teamId),
  )
  app.put<TTeamParams>('/v1/teams/:teamId/prefs', (request) =>
    teams.updatePrefs(request.auth, request.params.teamId, request.body),
  )

  app.get<TTeamParams & TListQuery>('/v1/teams/:teamId/memberships', (request) =>
    teams.listMemberships(request.auth, request.params.teamId, listOptions(request.query)),
  )
  app.post<TTeamParams>('/v1/teams/:teamId/memberships', async (request, reply) =>
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
  app.patch<TMembershipParams>('/v1/teams/:teamId/memberships/:membershipId', (request) =>
    teams.updateMembership(request.auth, request.params.teamId, request.params.membershipId, request.body),
  )
  app.delete<TMembershipParams>('/v1/teams/:teamId/memberships/:membershipId', async (request, reply) => {
    await teams.deleteMembership(request.auth, request.params.teamId, request.params.membershipId)
    return reply.code(204).send()
  })
  app.patch<TMembershipParams>('/v1/teams/:teamId/memberships/:membershipId/status', (request) =>
    teams.acceptInvitation(request.auth, {
      teamId: request.params.teamId,
      membershipId: request.params.membershipId,
      ip: clientInfoOf(request).ip,
      input: request.body,
    }),
  )
}
