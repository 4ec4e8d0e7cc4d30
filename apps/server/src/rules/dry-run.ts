import {
  RuleLimits,
  RuleMessages,
  type TRuleDraft,
  type TRuleDryRunResult,
  type TTicketRow,
  ZRuleDryRunRequest,
} from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { withZodSchemas, zodValidation } from '../core/route-schemas'
import type { TDatabase } from '../db/database'
import { requireManager } from '../teams/workspace-access'
import { evaluateGroup } from './evaluate-conditions'
import type { TRuleTicket } from './rule-facts'
import { readSurroundings } from './rule-facts-repository'

type TDryRunTicket = TRuleTicket &
  Pick<TTicketRow, 'id' | 'number' | 'subject' | 'body' | 'requesterId' | 'mailboxId'>

/**
 * The workspace's tickets of the last `RuleLimits.dryRunDays` days, newest first and at most
 * `RuleLimits.dryRunTickets`: only the columns rules read, the body cut, never the raw source.
 */
async function recentTickets(db: TDatabase, teamId: string): Promise<TDryRunTicket[]> {
  const { rows } = await db.query<TDryRunTicket>(
    `select id, number, subject, left(body, $4::int) as body, email, status, priority, category, "groupId",
       "assigneeId", tags, "requesterId", "mailboxId", created_at,
       to_jsonb(t) -> 'customFields' as "customFields"
     from tickets t
     where "teamId" = $1 and created_at > now() - make_interval(days => $2::int) and "mergedIntoId" is null
     order by created_at desc limit $3`,
    [teamId, RuleLimits.dryRunDays, RuleLimits.dryRunTickets, RuleLimits.input],
  )
  return rows
}

/**
 * Which recent tickets a draft would match, as they stand now: a ticket's first mail is read as the rule's
 * message (its subject, text and sender), and "changed" conditions match nothing, as no change is happening.
 */
export async function dryRun(db: TDatabase, teamId: string, rule: TRuleDraft): Promise<TRuleDryRunResult> {
  const tickets = await recentTickets(db, teamId)
  const surroundings = await readSurroundings(db, tickets, [rule])
  const now = new Date()
  const matched = tickets.filter((ticket) => {
    const known = surroundings.get(ticket.id)
    if (!known) return false
    return evaluateGroup(rule.conditions, {
      ...known,
      ticket,
      before: null,
      mail: {
        messageId: null,
        subject: ticket.subject,
        body: ticket.body,
        from: ticket.email,
        recipients: [],
        headers: {},
        attachmentNames: [],
        channel: ticket.mailboxId ? 'email' : 'form',
        automatic: false,
        dmarcFailed: false,
      },
      reply: false,
      now,
    }).matched
  })
  return {
    matched: matched.length,
    scanned: tickets.length,
    days: RuleLimits.dryRunDays,
    tickets: matched.slice(0, RuleLimits.dryRunListed).map((ticket) => ({
      id: ticket.id,
      number: ticket.number,
      subject: ticket.subject,
      createdAt: new Date(ticket.created_at).toISOString(),
    })),
  }
}

const ZDryRunParams = z.object({ teamId: z.string() })

/** `POST /v1/workspaces/:teamId/rules/dry-run` with `{ rule }`: managers only, like writing a rule. */
export const dryRunRoutes = (deps: { db: TDatabase }) => (app: FastifyInstance) => {
  withZodSchemas(app).post(
    '/v1/workspaces/:teamId/rules/dry-run',
    {
      schema: { params: ZDryRunParams, body: ZRuleDryRunRequest },
      ...zodValidation,
      // Only a manager learns what the body takes, as only a manager may write a rule.
      preValidation: async (request) => {
        requireManager(request.auth, request.params.teamId, RuleMessages.managersOnly)
      },
    },
    async (request) => dryRun(deps.db, request.params.teamId, request.body.rule),
  )
}
