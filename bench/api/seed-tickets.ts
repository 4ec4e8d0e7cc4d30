import { FREE_TRIAL_DAYS } from '@parsedesk/contracts'
import type { TDatabase } from '../../apps/server/src/db/database'

export type TSeedOptions = {
  db: TDatabase
  /** Users in all, counting the ones already signed up through the API. */
  users: number
  tickets: number
  /** Users created through the API beforehand; they get owner ranks spread from busiest to quietest. */
  measuredUserIds: string[]
  /** Tickets are spread over this many days before now. */
  days: number
}

export type TSeedResult = { ticketsOf: Map<string, number>; seconds: number }

// Same seed, same tickets: runs on PGlite and Postgres list the same shapes.
const RANDOM_SEED = 0.42

/**
 * Owner ranks: rank 0 is the busiest user. Measured users sit at evenly spaced ranks so the bench lists
 * for heavy and light users alike, the rest fill the gaps in id order.
 */
function rankOwners(allIds: string[], measured: string[]): string[] {
  const others = allIds.filter((id) => !measured.includes(id))
  const step = allIds.length / measured.length
  const measuredAt = new Map(measured.map((id, j) => [Math.floor(j * step), id]))
  let nextOther = 0
  return allIds.map((_, rank) => measuredAt.get(rank) ?? (others[nextOther++] as string))
}

/**
 * Writes users and tickets straight through SQL, in the shape the server itself writes (owner-only
 * permissions, read_roles {user:<id>}), so 100,000 tickets take seconds instead of 100,000 requests.
 * Ticket counts per user are skewed (rank r's share falls like 1/sqrt(r)); created_at spreads over
 * `days` and rows go in created_at order, so seq and the heap follow time as they do in production.
 */
export async function seedUsersAndTickets(options: TSeedOptions): Promise<TSeedResult> {
  const { db } = options
  const started = Date.now()
  const extraUsers = options.users - options.measuredUserIds.length
  await db.transaction(async (tx) => {
    await tx.query('select setseed($1)', [RANDOM_SEED])
    await tx.query(
      `insert into users (id, email, name, email_verification, trial_started_at, trial_ends_at,
         registration, created_at, updated_at, accessed_at)
       select substr(md5('bench-user-' || g), 1, 20), 'bench-user-' || g || '@example.com', 'Bench User ' || g,
         g % 3 = 0, s.at, s.at + $2::int * interval '1 day', s.at, s.at, s.at, s.at
       from generate_series(1, $1::int) g
       cross join lateral (select now() - (g % $3::int) * interval '1 day' as at) s`,
      [extraUsers, FREE_TRIAL_DAYS, options.days],
    )
    const { rows } = await tx.query<{ id: string }>('select id from users order by id')
    const owners = rankOwners(
      rows.map((r) => r.id),
      options.measuredUserIds,
    )
    await tx.query(
      `with picked as (
         select g,
           ($1::text[])[1 + floor(array_length($1::text[], 1) * power(random(), 2))::int] as owner,
           now() - random() * ($3::int * interval '1 day') as created,
           'customer' || (g % 7919) || '@example.org' as email,
           (array['Cannot log in', 'Refund request', 'Invoice missing', 'Shipping delay',
                  'App crashes on start', 'Change billing address'])[1 + g % 6] || ' #' || g as subject
         from generate_series(1, $2::int) g
       )
       insert into tickets (id, created_at, updated_at, permissions, read_roles, email, subject, body, status,
         priority, "userId", "rawJson", processing_status, description, category)
       select substr(md5('bench-ticket-' || g), 1, 20), created, least(now(), created + random() * interval '3 days'),
         array['read("user:' || owner || '")', 'update("user:' || owner || '")', 'delete("user:' || owner || '")'],
         array['user:' || owner],
         email, subject,
         'Hello,' || chr(10) || (select string_agg(md5(g || '-' || k), ' ') from generate_series(1, 8 + g % 30) k),
         case when created < now() - interval '14 days' then 'closed'
              when g % 2 = 0 then 'in-progress' else 'open' end,
         (array['high', 'medium', 'low'])[1 + g % 3],
         owner,
         case when g % 2 = 0 then jsonb_build_object(
           'from', email, 'to', 'support@inbound.localhost', 'subject', subject,
           'messageId', '<' || md5(g::text) || '@mail.example.org>', 'date', created,
           'headers', jsonb_build_object('x-mailer', 'Mail 16.0', 'received', 'from mx.example.org')) end,
         case when g % 97 = 0 then 'failed' else 'completed' end,
         'The customer reports: ' || lower(subject) || '. ' || md5(g || 'a') || md5(g || 'b') || md5(g || 'c'),
         (array['billing', 'account', 'shipping', 'technical', 'other'])[1 + g % 5]
       from picked
       order by created`,
      [owners, options.tickets, options.days],
    )
  })
  // Autovacuum would have visited a table this size long before anyone benchmarks it.
  await db.query('vacuum analyze users')
  await db.query('vacuum analyze tickets')
  const { rows } = await db.query<{ userId: string; n: number }>(
    `select "userId", count(*)::int as n from tickets where "userId" = any($1::text[]) group by "userId"`,
    [options.measuredUserIds],
  )
  const ticketsOf = new Map(options.measuredUserIds.map((id) => [id, 0]))
  for (const row of rows) ticketsOf.set(row.userId, row.n)
  return { ticketsOf, seconds: (Date.now() - started) / 1000 }
}
