import {
  ErrorType,
  TemplateMessages,
  type TPreviewRow,
  type TPreviewSample,
  type TSampleMail,
  type TTemplateDraft,
  type TTemplatePreviewResponse,
  ZTemplatePreviewRequest,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../core/app-error'
import { withZodSchemas, zodValidation } from '../core/route-schemas'
import type { TDatabase } from '../db/database'
import { requireManager } from '../teams/workspace-access'
import { mailOfStored } from './mail-for-templates'
import { runRegression } from './regression'
import { runTemplate } from './run-template'
import { recentCustomerMail, storedMail } from './stored-mail-repository'

/** The sample a draft is previewed on: the mail as written, or a stored email of this workspace. */
async function sampleMail(db: TDatabase, teamId: string, sample: TPreviewSample): Promise<TSampleMail> {
  if (sample.kind === 'mail') return sample.mail
  const row = await storedMail(db, teamId, sample.messageId)
  if (!row) throw new AppError(ErrorType.documentNotFound, TemplateMessages.sampleNotFound)
  return mailOfStored(row)
}

/**
 * A draft run as the ingest would run it: over the sample, over the workspace's newest customer emails
 * (which it matches, and what it reads of them) and over its saved test emails (the regression set).
 */
export async function previewTemplate(
  db: TDatabase,
  request: { teamId: string; template: TTemplateDraft; sample: TPreviewSample | null; recent: boolean },
): Promise<TTemplatePreviewResponse> {
  const { teamId, template } = request
  const sample = request.sample ? runTemplate(template, await sampleMail(db, teamId, request.sample)) : null
  const recent: TPreviewRow[] = request.recent
    ? (await recentCustomerMail(db, teamId)).map((row) => {
        const mail = mailOfStored(row)
        return {
          messageId: row.id,
          ticketId: row.ticketId,
          from: mail.from,
          subject: mail.subject,
          receivedAt: new Date(row.receivedAt).toISOString(),
          ...runTemplate(template, mail),
        }
      })
    : []
  const matched = recent.filter((row) => row.matched).length
  return {
    sample,
    recent,
    recentMatchRate: recent.length ? matched / recent.length : null,
    regression: runRegression(template, template.testEmails),
  }
}

/**
 * Owners and admins only, as only they write templates; the caller is checked before the body is read, so
 * a guest (401) or a member (403) does not learn what the route takes.
 */
function managerOfBodyTeam(request: FastifyRequest) {
  if (request.auth.kind !== 'user') throw AppError.unauthorizedScope()
  const body = request.body as { teamId?: unknown } | undefined
  const teamId = typeof body?.teamId === 'string' ? body.teamId : ''
  requireManager(request.auth, teamId, TemplateMessages.managersOnly)
}

/** `POST /v1/templates/preview` with a `ZTemplatePreviewRequest`. */
export const templatePreviewRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  withZodSchemas(app).post(
    '/v1/templates/preview',
    {
      schema: { body: ZTemplatePreviewRequest },
      ...zodValidation,
      preValidation: async (request) => managerOfBodyTeam(request),
    },
    async (request) => previewTemplate(deps.db, request.body),
  )
}

/** The extraction domain's part of the composition root: the preview route (the ingest step is templates'). */
export function createExtractionModule(deps: { db: TDatabase }) {
  return { routes: [templatePreviewRoutes(deps)] }
}
