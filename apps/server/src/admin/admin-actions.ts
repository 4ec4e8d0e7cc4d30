import { normaliseEmail, ProcessingStatus, uniqueId } from '@parsedesk/contracts'
import { findPasswordProblem } from '../accounts/password-rules'
import { hashPassword } from '../accounts/passwords'
import { deleteAllSessions } from '../accounts/sessions'
import { findUserByEmail, insertUser, updateUser } from '../accounts/users-repository'
import type { TConfig } from '../config/config'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import { mapUniqueViolation } from '../db/unique-violation'
import type { TDocumentRow } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import type { TJobQueue } from '../jobs/job-queue'
import { JOB_WAKE_CHANNEL } from '../jobs/job-wake-listener'
import { countIngestQueue, INGEST_POLICY, INGEST_QUEUE } from '../mail/inbound/inbound-queue'
import { OUTCOME_COUNTER, type TInboundOutcome } from '../mail/mailboxes/mailbox-repository'
import { createOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import { createTeamService } from '../teams/team-service'
import { analyzeTicketJob } from '../tickets/analyze-ticket.job'
import { createTicketsCollection } from '../tickets/tickets-collection'
import { AdminError, type TAdminCommand } from './admin-command'

/** What a command runs with: the server's own parts when it runs there, else ones opened for it. */
export type TAdminContext = {
  config: TConfig
  db: TDatabase
  queue: TJobQueue
  bus: TEventBus
  log: TLog
}

// Tickets reset and queued per statement when a date range is analysed again.
const REANALYSE_BATCH = 500

/** Runs one checked command; the text is what the operator reads. Throws AdminError when it cannot. */
export async function runAdminCommand(context: TAdminContext, command: TAdminCommand): Promise<string> {
  switch (command.command) {
    case 'create-user':
      return createUser(context, command)
    case 'reset-password':
      return resetPassword(context, command)
    case 'workspaces':
      return listWorkspaces(context)
    case 'queues':
      return listQueues(context)
    case 'reanalyse-ticket':
      return reanalyseTicket(context, command.ticketId)
    case 'reanalyse-range':
      return reanalyseRange(context, command)
    case 'reingest':
      return reingest(context, command.inboundId)
  }
}

async function assertGoodPassword(user: { email: string; name: string }, password: string) {
  const problem = await findPasswordProblem({ password, email: user.email, name: user.name })
  if (problem) throw new AdminError(problem.message)
}

async function createUser(
  context: TAdminContext,
  command: Extract<TAdminCommand, { command: 'create-user' }>,
): Promise<string> {
  const email = normaliseEmail(command.email)
  await assertGoodPassword({ email, name: command.name }, command.password)
  if (await findUserByEmail(context.db, email)) throw new AdminError(`an account with ${email} exists`)
  const passwordHash = await hashPassword(command.password)
  // The workspace a sign-up gets, made the way the sign-up makes it; nothing is mailed.
  const teams = createTeamService({
    db: context.db,
    bus: context.bus,
    outbox: createOutbox({
      queue: context.queue,
      from: context.config.outbox.from,
      messageIdDomain: context.config.inboundDomain,
      log: context.log,
    }),
    allowedOrigins: new Set(),
  })
  try {
    const user = await context.db.transaction(async (tx) => {
      const inserted = await insertUser(tx, { id: uniqueId(), email, name: command.name, passwordHash })
      await teams.createWorkspaceFor(tx, inserted)
      return inserted
    })
    return `created ${email} (user ${user.id}) with a workspace of its own; it signs in with that password`
  } catch (error) {
    // Another process took the address between the look-up and the insert.
    throw mapUniqueViolation(error, new AdminError(`an account with ${email} exists`))
  }
}

async function resetPassword(
  context: TAdminContext,
  command: Extract<TAdminCommand, { command: 'reset-password' }>,
): Promise<string> {
  const email = normaliseEmail(command.email)
  const user = await findUserByEmail(context.db, email)
  if (!user) throw new AdminError(`no account with ${email}`)
  await assertGoodPassword(user, command.password)
  const passwordHash = await hashPassword(command.password)
  // As a recovery link does: whoever held a session with the old password is signed out.
  await context.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash })
    await deleteAllSessions(tx, user.id)
  })
  return `set a new password for ${email}; its sessions ended`
}

/** Rows as aligned columns under their headings. */
function table(headings: string[], rows: (string | number)[][]): string {
  const cells = [headings, ...rows.map((row) => row.map(String))]
  const widths = headings.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)))
  return cells
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

async function listWorkspaces(context: TAdminContext): Promise<string> {
  const { rows } = await context.db.query<{
    id: string
    name: string
    created_at: Date
    members: number
    invited: number
    tickets: number
  }>(
    `select t.id, t.name, t.created_at,
       (select count(*)::int from memberships m where m.team_id = t.id and m.confirm) as members,
       (select count(*)::int from memberships m where m.team_id = t.id and not m.confirm) as invited,
       (select count(*)::int from tickets k where k."teamId" = t.id) as tickets
     from teams t order by t.created_at, t.id`,
  )
  if (rows.length === 0) return 'no workspaces'
  return table(
    ['workspace', 'members', 'invited', 'tickets', 'created', 'name'],
    rows.map((row) => [
      row.id,
      row.members,
      row.invited,
      row.tickets,
      row.created_at.toISOString().slice(0, 10),
      row.name,
    ]),
  )
}

async function listQueues(context: TAdminContext): Promise<string> {
  const { rows } = await context.db.query<{
    name: string
    waiting: number
    active: number
    failed: number
    oldest: number | null
  }>(
    `select name,
       count(*) filter (where state in ('created', 'retry'))::int as waiting,
       count(*) filter (where state = 'active')::int as active,
       count(*) filter (where state = 'failed')::int as failed,
       extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')))::float8 as oldest
     from pgboss.job where name = any($1::text[]) group by name`,
    [context.queue.definitions.map((definition) => definition.id)],
  )
  const byName = new Map(rows.map((row) => [row.name, row]))
  // Mail waiting to be ingested is the inbound store's (decision 041): out of tries counts as failed.
  const ingest = await countIngestQueue(context.db)
  byName.set(INGEST_QUEUE, {
    name: INGEST_QUEUE,
    waiting: ingest.waiting + ingest.retrying,
    active: ingest.active,
    failed: ingest.exhausted,
    oldest: ingest.oldestSeconds,
  })
  const queues = [...context.queue.definitions, { id: INGEST_QUEUE, schedule: undefined }]
  return table(
    ['queue', 'waiting', 'active', 'failed', 'oldest waiting', 'timetable'],
    queues
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(({ id, schedule }) => {
        const row = byName.get(id)
        const oldest = row?.oldest == null ? '-' : `${Math.round(row.oldest)} s`
        const timetable = schedule ? `${schedule.cron} (UTC)` : ''
        return [id, row?.waiting ?? 0, row?.active ?? 0, row?.failed ?? 0, oldest, timetable]
      }),
  )
}

/**
 * Puts the tickets back to waiting (announced to open dashboards) and queues their analysis, as the
 * analysis sweeper queues a ticket it finds waiting. A job already waiting for a ticket is kept (one per
 * ticket): it finds the ticket waiting and analyses it. The count of new jobs.
 */
async function queueAnalysis(context: TAdminContext, ticketIds: string[]): Promise<number> {
  const { rows } = await context.db.query<TDocumentRow>(
    `update tickets set "processing_status" = $2, "processing_error" = null, updated_at = now()
     where id = any($1::text[]) returning *`,
    [ticketIds, ProcessingStatus.waiting],
  )
  const tickets = createTicketsCollection({})
  for (const row of rows)
    await publishDocumentEvent({ bus: context.bus, def: tickets, action: 'update', row })
  let queued = 0
  for (const row of rows) {
    if (await context.queue.enqueue(analyzeTicketJob, { ticketId: row.id })) queued += 1
  }
  return queued
}

function workerNote(queued: number, total: number): string {
  const kept = total - queued
  return kept > 0 ? ` (${kept} already had a job waiting, which analyses it)` : ''
}

async function reanalyseTicket(context: TAdminContext, ticketId: string): Promise<string> {
  const { rows } = await context.db.query<{ id: string }>('select id from tickets where id = $1', [ticketId])
  if (rows.length === 0) throw new AdminError(`no ticket ${ticketId}`)
  const queued = await queueAnalysis(context, [ticketId])
  return `ticket ${ticketId} is waiting for analysis${workerNote(queued, 1)}; a worker analyses it`
}

async function reanalyseRange(
  context: TAdminContext,
  range: Extract<TAdminCommand, { command: 'reanalyse-range' }>,
): Promise<string> {
  let total = 0
  let queued = 0
  // Keyset pages by the row's insertion number, so tickets filed meanwhile neither shift the pages nor come
  // twice (created_at has microseconds, which a JavaScript date would round away).
  let after = '0'
  for (;;) {
    const { rows } = await context.db.query<{ id: string; seq: string }>(
      `select id, seq::text as seq from tickets
       where created_at >= $1 and created_at < $2 and seq > $3::bigint order by seq limit $4`,
      [range.from, range.to, after, REANALYSE_BATCH],
    )
    const last = rows.at(-1)
    if (!last) break
    queued += await queueAnalysis(
      context,
      rows.map((row) => row.id),
    )
    total += rows.length
    after = last.seq
  }
  const span = `created from ${range.from} to ${range.to}`
  if (total === 0) return `no tickets ${span}`
  return `${total} ticket(s) ${span} are waiting for analysis${workerNote(queued, total)}; a worker analyses them`
}

type TInboundState = {
  id: string
  status: string
  attempts: number
  mailboxId: string
  ticketId: string | null
  threadMessageId: string | null
  duplicateOf: string | null
  hasRaw: boolean
}

/**
 * A stored delivery goes back to `received` (its earlier outcome taken off its mailbox's counters) with
 * its tries reset, as the inbound sweeper gives a delivery out of tries another round, and a worker is
 * woken to claim it (decision 041). One that became a ticket or a message is refused: ingesting it again
 * would file it twice.
 */
async function reingest(context: TAdminContext, inboundId: string): Promise<string> {
  const reopened = await context.db.transaction(async (tx) => {
    const { rows } = await tx.query<TInboundState>(
      `select i.id, i."status", i."mailboxId", i."ticketId", i."threadMessageId", i."duplicateOf", i."attempts",
         exists (select 1 from inbound_raw r where r.inbound_id = i.id) as "hasRaw"
       from inbound_emails i where i.id = $1 for update`,
      [inboundId],
    )
    const inbound = rows[0]
    if (!inbound) throw new AdminError(`no inbound email ${inboundId}`)
    if (inbound.status === 'ticket')
      throw new AdminError(
        `${inboundId} already became ticket ${inbound.ticketId}: ingesting it again would file it twice (reanalyse --ticket ${inbound.ticketId} analyses it again)`,
      )
    if (inbound.status === 'thread-message')
      throw new AdminError(
        `${inboundId} already became message ${inbound.threadMessageId} on ticket ${inbound.ticketId}: ingesting it again would add it twice`,
      )
    if (inbound.status === 'duplicate')
      throw new AdminError(
        `${inboundId} is a duplicate of ${inbound.duplicateOf}, whose bytes were kept: reingest --inbound ${inbound.duplicateOf}`,
      )
    if (!inbound.hasRaw)
      throw new AdminError(
        `the raw bytes of ${inboundId} are gone (RAW_MAIL_RETENTION_DAYS removed them): only what was parsed of it is kept`,
      )
    const undecided = inbound.status === 'received'
    if (undecided && inbound.attempts < INGEST_POLICY.maxAttempts) return 'waiting'
    await tx.query(
      `update inbound_emails set "status" = 'received', "reason" = null, "processedAt" = null,
         "requeues" = 0, "attempts" = 0, "claimed_until" = null, "last_error" = null, updated_at = now()
       where id = $1`,
      [inboundId],
    )
    if (!undecided) {
      const counter = OUTCOME_COUNTER[inbound.status as TInboundOutcome]
      await tx.query(`update mailboxes set "${counter}" = greatest("${counter}" - 1, 0) where id = $1`, [
        inbound.mailboxId,
      ])
    }
    // Heard by workers in other processes as it commits; a worker of this one finds it at its next poll.
    if (context.db.kind === 'postgres')
      await tx.query('select pg_notify($1, $2)', [JOB_WAKE_CHANNEL, INGEST_QUEUE])
    return undecided ? false : inbound.status
  })
  if (reopened === 'waiting')
    return `${inboundId} is still waiting to be ingested (it has tries left); nothing to do`
  const was = reopened === false ? 'undecided' : `was ${reopened}`
  return `${inboundId} (${was}) is queued to be ingested again; a worker decides it`
}
