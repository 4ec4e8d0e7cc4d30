import {
  SatisfactionLimits,
  SURVEY_TEXTS,
  surveyLanguageOfHeader,
  TicketEventActor,
  TicketEventType,
  type TSurveyLanguage,
  ZSatisfactionAnswer,
  ZSurveyToken,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TDatabase } from '../db/database'
import { recordTicketEvents } from '../tickets/ticket-events'
import { ratingForm, ratingNotice } from './rating-page'
import { findSurveyByTokenHash, rateSurvey, type TSurveyRow } from './survey-repository'
import { hashSurveyToken } from './survey-token'

type TRatingRequest = FastifyRequest<{
  Params: { token: string }
  Querystring: { rating?: string }
  Body: Record<string, unknown>
}>

/**
 * The requester's rating page, no sign-in (decision 057): `GET /rate/<token>` asks, `POST` answers once.
 * Opening the link rates nothing (mail scanners open links); the token is 256 random bits kept hashed, and
 * a used, expired or unknown one gets a page saying so in the requester's language (the ticket's, else
 * their browser's).
 */
export type TRatingRoutesDeps = {
  db: TDatabase
  /** After a rating's commit: the ticket's update event, so an open ticket page reads the new event. */
  announceTicket(ticketId: string): Promise<void>
}

export const ratingRoutes = (deps: TRatingRoutesDeps) => (app: FastifyInstance) =>
  app.register(async (scope) => {
    // The page's form posts as browsers do without a script; only these routes read such a body.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SatisfactionLimits.comment * 12 + 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    scope.get('/rate/:token', async (request: TRatingRequest, reply) => {
      const found = await surveyOf(request)
      const language = languageOf(request, found)
      if (!found) return send(reply, 404, ratingNotice(language, SURVEY_TEXTS[language].notFound))
      const refusal = refusalOf(found, language)
      if (refusal) return send(reply, refusal.status, refusal.html)
      const chosen = ZSatisfactionAnswer.shape.rating.safeParse(request.query.rating)
      return send(
        reply,
        200,
        ratingForm({
          language,
          workspace: found.teamName,
          ticketNumber: found.ticketNumber,
          action: `/rate/${request.params.token}`,
          chosen: chosen.success ? chosen.data : undefined,
        }),
      )
    })

    scope.post('/rate/:token', async (request: TRatingRequest, reply) => {
      const found = await surveyOf(request)
      const language = languageOf(request, found)
      if (!found) return send(reply, 404, ratingNotice(language, SURVEY_TEXTS[language].notFound))
      const answer = ZSatisfactionAnswer.safeParse(request.body ?? {})
      if (!answer.success) return send(reply, 400, ratingNotice(language, SURVEY_TEXTS[language].question))
      const rated = await deps.db.transaction(async (tx) => {
        const row = await rateSurvey(tx, {
          tokenHash: hashSurveyToken(request.params.token),
          ...answer.data,
          now: new Date(),
        })
        if (row)
          await recordTicketEvents(tx, [
            {
              ...{ ticketId: row.ticketId, teamId: row.teamId, actorType: TicketEventActor.customer },
              ...{ actorId: null, type: TicketEventType.satisfaction, before: null },
              after: { survey: row.id, ...answer.data, agentId: row.agentId },
            },
          ])
        return row
      })
      if (rated) {
        await deps.announceTicket(rated.ticketId)
        return send(reply, 200, ratingNotice(language, SURVEY_TEXTS[language].thanks))
      }
      // Rated or expired meanwhile: read again to say which.
      const refusal = refusalOf((await surveyOf(request)) ?? found, language)
      return send(
        reply,
        refusal?.status ?? 409,
        refusal?.html ?? ratingNotice(language, SURVEY_TEXTS[language].used),
      )
    })

    async function surveyOf(request: TRatingRequest): Promise<TSurveyRow | undefined> {
      if (!ZSurveyToken.safeParse(request.params.token).success) return undefined
      return findSurveyByTokenHash(deps.db, hashSurveyToken(request.params.token))
    }
  })

function languageOf(request: FastifyRequest, survey: TSurveyRow | undefined): TSurveyLanguage {
  return survey?.language ?? surveyLanguageOfHeader(request.headers['accept-language'])
}

function refusalOf(survey: TSurveyRow, language: TSurveyLanguage) {
  const texts = SURVEY_TEXTS[language]
  if (survey.rating) return { status: 409, html: ratingNotice(language, texts.used) }
  if (survey.expiresAt.getTime() <= Date.now())
    return { status: 410, html: ratingNotice(language, texts.expired) }
  return undefined
}

function send(reply: FastifyReply, status: number, html: string) {
  // The token is in the address: no cache keeps the page (and it links to nothing that could be told it).
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
}
