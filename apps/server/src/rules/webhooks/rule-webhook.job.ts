import {
  TicketEventActor,
  TicketEventType,
  type TRuleWebhookBody,
  type TRuleWebhookOutcome,
  ZRuleWebhookBody,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TOutboundPolicy } from '../../core/outbound-address'
import type { TDatabase } from '../../db/database'
import { defineJob, type TJobAttempt } from '../../jobs/job-definition'
import { recordTicketEvents } from '../../tickets/ticket-events'
import { postWebhook } from './post-webhook'
import { webhookSecretOf } from './webhook-secret'

export type TRuleWebhookDeps = { db: TDatabase; outbound: TOutboundPolicy }

/** What its handler needs from the worker. */
export type TRuleWebhookContext = { ruleWebhooks: TRuleWebhookDeps }

export const ZRuleWebhookPayload = z.object({
  /** Made when the rule fires: one call, however often its job is tried. */
  callId: z.string().max(36),
  ruleId: z.string().max(36),
  teamId: z.string().max(36),
  url: z.string().max(2000),
  /** The ticket as the rule left it, with the rule's name: the body is this with the time of sending. */
  body: ZRuleWebhookBody.omit({ sentAt: true }),
})
export type TRuleWebhookPayload = z.infer<typeof ZRuleWebhookPayload>

/**
 * One rule's webhook call (decision 065): signed, tried up to five times with a doubling wait (2 s, 4 s,
 * 8 s, 16 s) so a receiver down for a moment still gets it, outside the ingest. Delivered, or failed at
 * the last try, it is written on the ticket's timeline.
 */
export const ruleWebhookJob = defineJob<TRuleWebhookPayload, TRuleWebhookContext>({
  id: 'rule-webhook',
  version: 1,
  payload: ZRuleWebhookPayload,
  policy: { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: 60 },
  singletonKey: (payload) => payload.callId,
  handle: ({ payload, attempt, ctx }) => callRuleWebhook(ctx.ruleWebhooks, payload, attempt),
})

export async function callRuleWebhook(
  deps: TRuleWebhookDeps,
  payload: TRuleWebhookPayload,
  attempt: Pick<TJobAttempt, 'number' | 'isLast'>,
): Promise<void> {
  const { rows } = await deps.db.query('select 1 from rules where id = $1', [payload.ruleId])
  // The rule was deleted since it fired: its secret went with it, and so does the call.
  if (rows.length === 0) return
  const secret = await webhookSecretOf(deps.db, payload.ruleId)
  const body: TRuleWebhookBody = { ...payload.body, sentAt: new Date().toISOString() }
  const answer = await postWebhook({
    url: payload.url,
    body: JSON.stringify(body),
    secret,
    policy: deps.outbound,
  })
  const delivered = answer.error === null
  if (!delivered && !attempt.isLast)
    throw new Error(`webhook to ${new URL(payload.url).host}: ${answer.error}`)
  const outcome: TRuleWebhookOutcome = {
    ruleId: payload.ruleId,
    ruleName: payload.body.rule.name,
    host: new URL(payload.url).host,
    delivered,
    attempt: attempt.number,
    status: answer.status,
    error: answer.error,
  }
  // In a transaction, so the ticket's lock that numbers its events holds until they are written: a rule's two
  // webhooks giving up at the same moment drew one number, and one outcome was lost (seen in CI).
  await deps.db.transaction((tx) =>
    recordTicketEvents(tx, [
      {
        ticketId: payload.body.ticket.id,
        teamId: payload.teamId,
        actorType: TicketEventActor.system,
        actorId: null,
        type: TicketEventType.ruleWebhook,
        before: null,
        after: outcome,
      },
    ]),
  )
}
