import { randomUUID } from 'node:crypto'
import { RuleActionDone, type TTicketRow } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import type { TAutomationMail } from '../tickets/ticket-automation'
import { queueAutoReply, type TAutoReplyDeps } from './auto-reply'
import type { TRuleEffect } from './rule-actions'
import { ruleWebhookJob } from './webhooks/rule-webhook.job'
import { webhookSecretOf } from './webhooks/webhook-secret'

/** What rules need to answer a customer and to call a webhook. */
export type TRuleActionsDeps = TAutoReplyDeps

/**
 * The matched rules' automatic replies and webhooks, in the run's transaction: the reply queued in the
 * outbox, the webhook's call a job of its own (never the ingest's wait), both there only if the run
 * commits. What each did, or why an auto-reply was not sent, joins its rule's line on the timeline.
 */
export async function carryOutActions(
  tx: TQueryable,
  deps: TRuleActionsDeps,
  ticket: TTicketRow,
  run: { effects: readonly TRuleEffect[]; mail: TAutomationMail | null; requesterName: string | null },
): Promise<void> {
  for (const effect of run.effects) {
    if (effect.type === 'email-reply') {
      effect.said.push(
        await queueAutoReply(tx, deps, {
          ticket,
          mail: run.mail,
          requesterName: run.requesterName,
          action: { subject: effect.subject, body: effect.body, ruleId: effect.rule.id },
        }),
      )
    } else if (effect.type === 'webhook') {
      // Made now, so the first call is signed with a secret that exists before the job runs.
      await webhookSecretOf(tx, effect.rule.id)
      await deps.queue.enqueueIn(tx, ruleWebhookJob, {
        callId: randomUUID(),
        ruleId: effect.rule.id,
        teamId: ticket.teamId,
        url: effect.url,
        body: {
          event: 'rule.matched',
          rule: effect.rule,
          ticket: {
            id: ticket.id,
            number: ticket.number,
            subject: ticket.subject,
            status: ticket.status,
            priority: ticket.priority,
            category: ticket.category,
          },
        },
      })
      effect.said.push(RuleActionDone.webhook(new URL(effect.url).host))
    }
  }
}
