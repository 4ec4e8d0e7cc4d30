import crypto from 'node:crypto'
import { RuleMessages, type TRuleWebhookSecret } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import { withZodSchemas, zodValidation } from '../../core/route-schemas'
import type { TDatabase, TQueryable } from '../../db/database'
import { requireManager } from '../../teams/workspace-access'

const newSecret = () => `whsec_${crypto.randomBytes(24).toString('hex')}`

/** The secret a rule's webhooks are signed with; made on first use, so a call is never sent unsigned. */
export async function webhookSecretOf(tx: TQueryable, ruleId: string): Promise<string> {
  await tx.query(
    `insert into rule_webhook_secrets ("ruleId", "secret") values ($1, $2) on conflict ("ruleId") do nothing`,
    [ruleId, newSecret()],
  )
  const { rows } = await tx.query<{ secret: string }>(
    'select "secret" from rule_webhook_secrets where "ruleId" = $1',
    [ruleId],
  )
  const secret = rows[0]?.secret
  if (!secret) throw new Error(`rule ${ruleId} has no webhook secret`)
  return secret
}

const ZParams = z.object({ teamId: z.string().max(36), ruleId: z.string().max(36) })

/**
 * `POST /v1/workspaces/:teamId/rules/:ruleId/webhook-secret`: a new secret for the rule's webhooks,
 * answered this once (never stored in the rule's document, never read back); managers only.
 */
export const webhookSecretRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  withZodSchemas(app).post(
    '/v1/workspaces/:teamId/rules/:ruleId/webhook-secret',
    {
      schema: { params: ZParams },
      ...zodValidation,
      preValidation: async (request) => {
        requireManager(request.auth, request.params.teamId, RuleMessages.managersOnly)
      },
    },
    async (request, reply): Promise<TRuleWebhookSecret> => {
      const { teamId, ruleId } = request.params
      const secret = newSecret()
      const { rows } = await deps.db.query(
        `insert into rule_webhook_secrets ("ruleId", "secret")
         select id, $3 from rules where id = $1 and "teamId" = $2
         on conflict ("ruleId") do update set "secret" = excluded."secret", created_at = now()
         returning "ruleId"`,
        [ruleId, teamId, secret],
      )
      if (rows.length === 0) throw AppError.documentNotFound()
      reply.status(201)
      return { secret }
    },
  )
}
