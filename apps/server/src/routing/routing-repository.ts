import { RoutingStrategy, TICKET_PRIORITIES, TicketStatus, ZGroupRouting } from '@parsedesk/contracts'
import { z } from 'zod'
import type { TQueryable } from '../db/database'
import type { TRoutingMember } from './choose-agent'

/** A group as routing reads it (decision 043: a typed row, parsed). */
const ZRoutedGroup = z.object({
  id: z.string(),
  teamId: z.string(),
  strategy: z.enum([RoutingStrategy.manual, RoutingStrategy.roundRobin, RoutingStrategy.leastLoaded]),
  cap: z.number().int(),
  memberIds: z.array(z.string()),
  skillsFirst: z.boolean(),
  memberSkills: ZGroupRouting.shape.memberSkills,
  skillRules: ZGroupRouting.shape.skillRules,
})
export type TRoutedGroup = z.infer<typeof ZRoutedGroup>

/**
 * What routing reads of a group (`g.`: the groups table's alias where it is joined). `routed_groups_held`
 * (migration 064) reads the same columns, and the members as `readRoutingMembers` does: a change to either
 * is a new migration replacing that function.
 */
const GROUP_COLUMNS =
  'g.id, g."teamId", g."strategy", g."cap", g."memberIds", g."skillsFirst", g."memberSkills", g."skillRules"'

/** A group's row as routing reads it, from a document row the groups collection wrote. */
export const parseRoutedGroup = (row: unknown): TRoutedGroup => ZRoutedGroup.parse(row)

const ZMemberRow = z.object({
  userId: z.string(),
  available: z.boolean(),
  load: z.coerce.number().int(),
  lastAssignedAt: z.coerce.date().nullable(),
})

/**
 * Holds routing in a workspace until the transaction ends: two tickets routed at once (two ingest batches,
 * a member's change beside a batch) read loads one after the other, so no agent goes past a cap. One lock
 * per workspace, since an agent's load counts the tickets of all their groups.
 */
export async function holdWorkspaceRouting(tx: TQueryable, teamId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`routing:${teamId}`])
}

/** A group with its members as routing weighs them (`readRoutingMembers`), in the group's order. */
export type TGroupWithMembers = { group: TRoutedGroup; members: TRoutingMember[] }

const parseMember = (row: unknown): TRoutingMember => {
  const member = ZMemberRow.parse(row)
  return { ...member, lastAssignedAt: member.lastAssignedAt?.toISOString() ?? null }
}

/**
 * Holds routing in the workspaces of the groups of those ids (the locks `holdWorkspaceRouting` takes, in
 * `holdRouting`'s order) and reads the groups, by id, each with its members' availability, unclosed tickets and last routed time
 * when it routes (none for a manual group), as `readRoutingMembers` reads them: one round trip for a batch
 * (`routed_groups_held`, migration 064), where the lock and the read were two.
 */
export async function holdRoutedGroups(
  tx: TQueryable,
  groupIds: readonly string[],
): Promise<Map<string, TGroupWithMembers>> {
  if (groupIds.length === 0) return new Map()
  const { rows } = await tx.query<{ group: Record<string, unknown> & { members: unknown[] } }>(
    'select routed_groups_held($1::text[], $2, $3) as "group"',
    [[...new Set(groupIds)], RoutingStrategy.manual, TicketStatus.closed],
  )
  return new Map(
    rows.map(({ group: row }) => {
      const group = ZRoutedGroup.parse(row)
      return [group.id, { group, members: row.members.map(parseMember) }]
    }),
  )
}

/** The workspace's groups with a strategy that hold `userId`: the queues they may take from. */
export async function routedGroupsOfMember(
  tx: TQueryable,
  teamId: string,
  userId: string,
): Promise<TRoutedGroup[]> {
  const { rows } = await tx.query(
    `select ${GROUP_COLUMNS} from groups g
     where g."teamId" = $1 and g."strategy" <> $2 and g."memberIds" ? $3 order by g.scoped_seq`,
    [teamId, RoutingStrategy.manual, userId],
  )
  return rows.map((row) => ZRoutedGroup.parse(row))
}

/** The members as routing weighs them, in the order given: availability, unclosed tickets, last routed. */
export async function readRoutingMembers(
  tx: TQueryable,
  teamId: string,
  userIds: readonly string[],
): Promise<TRoutingMember[]> {
  if (userIds.length === 0) return []
  const { rows } = await tx.query(
    `select m.id as "userId",
       coalesce(r."available", true) as "available",
       (select count(*) from tickets t
        where t."teamId" = $1 and t."assigneeId" = m.id and t."status" <> $3) as "load",
       r."lastAssignedAt"
     from unnest($2::text[]) with ordinality as m(id, position)
     left join routing_members r on r."teamId" = $1 and r."userId" = m.id
     order by m.position`,
    [teamId, userIds, TicketStatus.closed],
  )
  return rows.map(parseMember)
}

export async function setAvailability(
  tx: TQueryable,
  input: { teamId: string; userId: string; available: boolean },
): Promise<void> {
  await tx.query(
    `insert into routing_members ("teamId", "userId", "available") values ($1, $2, $3)
     on conflict ("teamId", "userId") do update set "available" = $3, updated_at = now()`,
    [input.teamId, input.userId, input.available],
  )
}

/**
 * The groups' queues, each in the order it is served: high priority first, then medium, low, none; oldest
 * first. One statement for all the groups given.
 */
export async function queuedTicketIds(
  tx: TQueryable,
  groupIds: readonly string[],
): Promise<Map<string, string[]>> {
  const queues = new Map<string, string[]>(groupIds.map((groupId) => [groupId, []]))
  if (groupIds.length === 0) return queues
  const { rows } = await tx.query<{ id: string; groupId: string }>(
    `select id, "groupId" from tickets
     where "groupId" = any($1::text[]) and "assigneeId" is null and "status" <> $2
     order by case "priority" when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end,
       created_at, seq`,
    [[...groupIds], TicketStatus.closed],
  )
  for (const row of rows) queues.get(row.groupId)?.push(row.id)
  return queues
}

/** The agent each ticket was last routed to or given, before it closed: a reopened ticket goes back. */
export async function lastAssigneesOf(
  tx: TQueryable,
  ticketIds: readonly string[],
): Promise<Map<string, string>> {
  if (ticketIds.length === 0) return new Map()
  const { rows } = await tx.query<{ ticketId: string; assignee: string }>(
    `select distinct on ("ticketId") "ticketId", "after" #>> '{}' as assignee from ticket_events
     where "ticketId" = any($1::text[]) and "type" = 'assignee' and "after" is not null
       and jsonb_typeof("after") = 'string'
     order by "ticketId", seq desc`,
    [[...ticketIds]],
  )
  return new Map(rows.map((row) => [row.ticketId, row.assignee]))
}

const ZBoardGroup = ZRoutedGroup.extend({ name: z.string(), queued: z.coerce.number().int() })
export type TBoardGroup = z.infer<typeof ZBoardGroup>

/** The workspace's groups with a strategy, in their order, each with how many tickets wait in its queue. */
export async function readBoardGroups(tx: TQueryable, teamId: string): Promise<TBoardGroup[]> {
  const { rows } = await tx.query(
    `select ${GROUP_COLUMNS}, g."name",
       (select count(*) from tickets t
        where t."groupId" = g.id and t."assigneeId" is null and t."status" <> $3) as queued
     from groups g where g."teamId" = $1 and g."strategy" <> $2 order by g.scoped_seq`,
    [teamId, RoutingStrategy.manual, TicketStatus.closed],
  )
  return rows.map((row) => ZBoardGroup.parse(row))
}

const ZWaitingRow = z.object({
  id: z.string(),
  groupId: z.string(),
  number: z.number().int(),
  subject: z.string(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  language: z.string().nullable(),
})
export type TWaitingRow = z.infer<typeof ZWaitingRow>

/**
 * The first `limit` tickets of each group's queue in the order it is served (as `queuedTicketIds`), with
 * what its skill rules read: category, tags, the analysis's language. One statement for all the groups.
 */
export async function readWaitingTickets(
  tx: TQueryable,
  groupIds: readonly string[],
  limit: number,
): Promise<TWaitingRow[]> {
  if (groupIds.length === 0) return []
  const { rows } = await tx.query(
    `select id, "groupId", "number", subject, priority, category, tags, language from (
       select t.id, t."groupId", t."number", t."subject", t."priority", t."category", t."tags",
         t."analysis" ->> 'language' as language,
         row_number() over (partition by t."groupId" order by
           case t."priority" when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end,
           t.created_at, t.seq) as place
       from tickets t
       where t."groupId" = any($1::text[]) and t."assigneeId" is null and t."status" <> $2
     ) queue where place <= $3 order by "groupId", place`,
    [[...groupIds], TicketStatus.closed, limit],
  )
  return rows.map((row) => ZWaitingRow.parse(row))
}
