import type { TQueryable } from '../db/database'

/**
 * A generated workspace for the reports' tests and bench (decision 064): tickets opened by customers' mail
 * over `days` days, answered, noted, auto-replied, closed, some reopened by the customer and closed again,
 * some rated; written straight into `tickets`, `ticket_events` and `satisfaction_surveys` in time order,
 * as the workflow would have written them. Seeded: the same options give the same workspace.
 */
export type TReportWorkspaceOptions = {
  teamId: string
  ownerId: string
  agentIds: readonly string[]
  groupIds: readonly string[]
  tickets: number
  days: number
  /** The first ticket's creation. */
  start: number
  seed?: number
  /** Where tickets came in (null: the form or the API); ids nothing names by default. */
  mailboxIds?: readonly (string | null)[]
}

type TEvent = {
  type: string
  actorType: string
  actorId: string | null
  before: unknown
  after: unknown
  at: number
}

const MINUTE = 60_000
const PRIORITIES = ['high', 'medium', 'low', null] as const
const CATEGORIES = ['billing', 'bug', 'question', null] as const
const MAILBOXES = ['mailbox-a', 'mailbox-b', null] as const
const BATCH = 2000

function random(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

export async function generateReportWorkspace(
  db: TQueryable,
  options: TReportWorkspaceOptions,
): Promise<void> {
  const next = random(options.seed ?? 27)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  for (let from = 0; from < options.tickets; from += BATCH) {
    const tickets: unknown[][] = [[], [], [], [], [], [], [], [], []]
    const events: unknown[][] = [[], [], [], [], [], [], [], [], []]
    const surveys: unknown[][] = [[], [], [], [], []]
    for (let i = from; i < Math.min(options.tickets, from + BATCH); i++) {
      const id = `${options.teamId}-r${i}`
      // In the order they were created, as a desk writes them: a period's tickets share the table's pages.
      const createdAt =
        options.start + Math.floor(((i + next()) / options.tickets) * options.days * 24 * 60) * MINUTE
      const first = pick(PRIORITIES)
      const category = pick(CATEGORIES)
      const agent = next() < 0.9 ? pick(options.agentIds) : null
      // A tenth are raised to high by their agent after the analyser: the SLA targets are re-applied.
      const raised = agent !== null && first !== 'high' && next() < 0.1
      const priority = raised ? 'high' : first
      const group = options.groupIds.length > 0 && next() < 0.7 ? pick(options.groupIds) : null
      const log: TEvent[] = [
        {
          type: 'created',
          actorType: 'customer',
          actorId: null,
          before: null,
          after: { status: 'open', priority: first, category, assigneeId: agent, tags: [] },
          at: createdAt,
        },
        {
          type: 'analysed',
          actorType: 'system',
          actorId: null,
          before: { category, priority: first },
          after: { category, priority: first },
          at: createdAt,
        },
      ]
      let at = createdAt
      let status = 'open'
      const later = (maxMinutes: number) => {
        at += (1 + Math.floor(next() * maxMinutes)) * MINUTE
        return at
      }
      const reply = (actorId: string, message: string, maxMinutes: number) => {
        log.push({
          type: 'reply-out',
          actorType: 'user',
          actorId,
          before: null,
          after: { message, mail: `${message}-mail` },
          at: later(maxMinutes),
        })
        log.push({
          type: 'delivery',
          actorType: 'system',
          actorId: null,
          before: 'queued',
          after: { message, mail: `${message}-mail`, state: 'sent' },
          at: later(1),
        })
      }
      if (raised)
        log.push({
          type: 'priority',
          actorType: 'user',
          actorId: agent,
          before: first,
          after: 'high',
          at: later(30),
        })
      // An auto-reply and a note never count as a reply (docs/metrics.md).
      if (next() < 0.3)
        log.push({
          type: 'reply-out',
          actorType: 'system',
          actorId: null,
          before: null,
          after: { message: 'auto', mail: 'auto' },
          at: later(2),
        })
      if (next() < 0.3 && agent)
        log.push({
          type: 'note',
          actorType: 'user',
          actorId: agent,
          before: null,
          after: { message: 'n' },
          at: later(60),
        })
      const replier = agent ?? options.ownerId
      if (next() < 0.85) {
        reply(replier, `${id}-m1`, 3000)
        if (next() < 0.7) {
          log.push({
            type: 'status',
            actorType: 'user',
            actorId: replier,
            before: status,
            after: 'closed',
            at: later(600),
          })
          status = 'closed'
          if (next() < 0.2) {
            log.push({
              type: 'message-in',
              actorType: 'customer',
              actorId: null,
              before: null,
              after: { message: 'again' },
              at: later(2000),
            })
            log.push({
              type: 'reopened',
              actorType: 'customer',
              actorId: null,
              before: 'closed',
              after: 'open',
              at,
            })
            status = 'open'
            reply(replier, `${id}-m2`, 600)
            if (next() < 0.6) {
              log.push({
                type: 'status',
                actorType: 'user',
                actorId: replier,
                before: status,
                after: 'closed',
                at: later(600),
              })
              status = 'closed'
            }
          }
          if (status === 'closed' && next() < 0.3) {
            const rating = next() < 0.8 ? 'good' : 'bad'
            const rated = at + 60 * MINUTE
            surveys[0]?.push(`${id}-survey`)
            surveys[1]?.push(id)
            surveys[2]?.push(agent)
            surveys[3]?.push(rating)
            surveys[4]?.push(new Date(rated).toISOString())
            // The survey's answer is an event of the log too, as the rating page writes it.
            log.push({
              type: 'satisfaction',
              actorType: 'customer',
              actorId: null,
              before: null,
              after: { survey: `${id}-survey`, rating, comment: '', agentId: agent },
              at: rated,
            })
          }
        } else if (next() < 0.4) {
          log.push({
            type: 'status',
            actorType: 'user',
            actorId: replier,
            before: status,
            after: 'pending',
            at: later(60),
          })
          status = 'pending'
        }
      }
      const row = [
        id,
        new Date(createdAt).toISOString(),
        status,
        priority,
        category,
        agent,
        group,
        pick(options.mailboxIds ?? MAILBOXES),
        `c${i}@customer.example`,
      ]
      for (const [column, value] of row.entries()) tickets[column]?.push(value)
      log.forEach((event, n) => {
        const values = [
          `${id}-e${n}`,
          id,
          event.type,
          event.actorType,
          event.actorId,
          JSON.stringify(event.before),
          JSON.stringify(event.after),
          new Date(event.at).toISOString(),
          null,
        ]
        for (const [column, value] of values.entries()) events[column]?.push(value)
      })
    }
    await db.query(
      `insert into tickets (id, created_at, updated_at, status, priority, category, "assigneeId", "groupId", "mailboxId",
         email, subject, body, "userId", "teamId", processing_status)
       select id, at, at, status, priority, category, assignee, grp, mailbox, email, 'Generated ' || id, 'Body',
         $10, $11, 'completed'
       from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[]) as t(id, at, status, priority, category, assignee, grp, mailbox, email)`,
      [...tickets.slice(0, 9), options.ownerId, options.teamId],
    )
    await db.query(
      `insert into ticket_events (id, "ticketId", "teamId", "type", "actorType", "actorId", "before", "after", created_at)
       select id, ticket, $9, type, actor, actor_id, before::jsonb, after::jsonb, at
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::timestamptz[]) with ordinality as e(id, ticket, type, actor, actor_id, before, after, at, n)
       order by n`,
      [...events.slice(0, 8), options.teamId],
    )
    if ((surveys[0]?.length ?? 0) > 0) {
      await db.query(
        `insert into satisfaction_surveys (id, "teamId", "ticketId", "requester", "agentId", "tokenHash",
           "sentAt", "expiresAt", "rating", "ratedAt")
         select id, $6, ticket, ticket || '@customer.example', agent, 'hash-' || id, rated, rated + interval '7 days',
           rating, rated
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
           as s(id, ticket, agent, rating, rated)`,
        [...surveys, options.teamId],
      )
    }
  }
}
