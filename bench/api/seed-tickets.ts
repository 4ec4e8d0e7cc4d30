import { FREE_TRIAL_DAYS } from '@parsedesk/contracts'
import type { TDatabase, TQueryable } from '../../apps/server/src/db/database'

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

export type TSeedResult = {
  /** Each measured user's workspace: the one sign-up made them, as the dashboard picks it. */
  workspaceOf: Map<string, string>
  /** Tickets in each measured user's workspace, by user id. */
  ticketsOf: Map<string, number>
  seconds: number
}

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
 * Writes users, their workspaces and tickets straight through SQL, in the shape the server itself writes,
 * so 100,000 tickets take seconds instead of 100,000 requests. Each seeded user gets a workspace of their
 * own with an owner membership, as sign-up makes it; measured users signed up through the API and already
 * have theirs. A ticket is filed by its owner into the owner's workspace, with the workspace's permissions
 * (read, update, delete by `team:<id>`; read_roles {team:<id>}), as decision 011 has the server write it.
 * Ticket counts per owner (and so per workspace) are skewed (rank r's share falls like 1/sqrt(r));
 * created_at spreads over `days` and rows go in created_at order, so seq and the heap follow time as they
 * do in production.
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
    // Sign-up's workspace (team-service createWorkspaceFor): named after the user, the user its only owner.
    await tx.query(
      `with seeded as (
         select u.id as user_id, u.email, u.name, u.created_at, substr(md5('bench-team-' || u.id), 1, 20) as team_id
         from users u
         where not exists (select 1 from memberships m where m.user_id = u.id and m.confirm and 'owner' = any(m.roles))
       ), created as (
         insert into teams (id, name, created_at, updated_at)
         select team_id, left(coalesce(nullif(btrim(name), ''), split_part(email, '@', 1)) || '''s workspace', 128),
           created_at, created_at
         from seeded
       )
       insert into memberships (id, team_id, user_id, email, name, roles, confirm, invited_at, joined_at,
         created_at, updated_at)
       select substr(md5('bench-membership-' || user_id), 1, 20), team_id, user_id, email, name, array['owner'],
         true, created_at, created_at, created_at, created_at
       from seeded`,
    )
    const { rows } = await tx.query<{ id: string }>('select id from users order by id')
    const workspaces = await ownWorkspaces(tx)
    const owners = rankOwners(
      rows.map((r) => r.id),
      options.measuredUserIds,
    )
    const teams = owners.map((id) => {
      const teamId = workspaces.get(id)
      if (!teamId) throw new Error(`user ${id} owns no workspace`)
      return teamId
    })
    await tx.query(
      `with ranked as (
         select g, 1 + floor(array_length($1::text[], 1) * power(random(), 2))::int as rank
         from generate_series(1, $2::int) g
       ), picked as (
         select g,
           ($1::text[])[rank] as owner,
           ($4::text[])[rank] as team,
           now() - random() * ($3::int * interval '1 day') as created,
           'customer' || (g % 7919) || '@example.org' as email,
           (array['Cannot log in', 'Refund request', 'Invoice missing', 'Shipping delay',
                  'App crashes on start', 'Change billing address'])[1 + g % 6] || ' #' || g as subject
         from ranked
       )
       insert into tickets (id, created_at, updated_at, permissions, read_roles, email, subject, body, status,
         priority, "userId", "teamId", "rawJson", processing_status, description, category)
       select substr(md5('bench-ticket-' || g), 1, 20), created, least(now(), created + random() * interval '3 days'),
         array['read("team:' || team || '")', 'update("team:' || team || '")', 'delete("team:' || team || '")'],
         array['team:' || team],
         email, subject,
         'Hello,' || chr(10) || (select string_agg(md5(g || '-' || k), ' ') from generate_series(1, 8 + g % 30) k),
         case when created < now() - interval '14 days' then 'closed'
              when g % 2 = 0 then 'in-progress' else 'open' end,
         (array['high', 'medium', 'low'])[1 + g % 3],
         owner, team,
         case when g % 2 = 0 then jsonb_build_object(
           'from', email, 'to', 'support@inbound.localhost', 'subject', subject,
           'messageId', '<' || md5(g::text) || '@mail.example.org>', 'date', created,
           'headers', jsonb_build_object('x-mailer', 'Mail 16.0', 'received', 'from mx.example.org')) end,
         case when g % 97 = 0 then 'failed' else 'completed' end,
         'The customer reports: ' || lower(subject) || '. ' || md5(g || 'a') || md5(g || 'b') || md5(g || 'c'),
         (array['billing', 'account', 'shipping', 'technical', 'other'])[1 + g % 5]
       from picked
       order by created`,
      [owners, options.tickets, options.days, teams],
    )
  })
  // Autovacuum would have visited tables this size long before anyone benchmarks them.
  for (const table of ['users', 'teams', 'memberships', 'tickets']) await db.query(`vacuum analyze ${table}`)
  const owned = await ownWorkspaces(db)
  const workspaceOf = new Map(
    options.measuredUserIds.map((id) => {
      const teamId = owned.get(id)
      if (!teamId) throw new Error(`measured user ${id} owns no workspace`)
      return [id, teamId]
    }),
  )
  const { rows } = await db.query<{ teamId: string; n: number }>(
    `select "teamId", count(*)::int as n from tickets where "teamId" = any($1::text[]) group by "teamId"`,
    [[...workspaceOf.values()]],
  )
  const counts = new Map(rows.map((row) => [row.teamId, row.n]))
  const ticketsOf = new Map(
    options.measuredUserIds.map((id) => [id, counts.get(workspaceOf.get(id) ?? '') ?? 0]),
  )
  return { workspaceOf, ticketsOf, seconds: (Date.now() - started) / 1000 }
}

/** Each user's own workspace: the earliest they own, as the server files a ticket without a named one. */
async function ownWorkspaces(db: TQueryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ user_id: string; team_id: string }>(
    `select distinct on (user_id) user_id, team_id from memberships
     where confirm and 'owner' = any(roles) and user_id is not null
     order by user_id, joined_at nulls last, created_at`,
  )
  return new Map(rows.map((row) => [row.user_id, row.team_id]))
}
