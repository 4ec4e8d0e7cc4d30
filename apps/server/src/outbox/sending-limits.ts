import { ErrorType, SendingLimitMessages } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'

/** How much mail the product sends for whom (README's Configuration, decision 026). */
export type TSendingLimits = {
  /** Recipients one account, and one workspace, may mail in an hour. */
  recipientsPerHour: number
  /** Recipients a workspace with no verified owner may mail in an hour. */
  unverifiedRecipientsPerHour: number
  /** Different addresses one workspace may mail in 24 hours. */
  distinctRecipientsPerDay: number
}

/** Which limit refused a mail or an invitation, as the metric and the log name it. */
export type TLimitName =
  | 'strangers'
  | 'account-hourly'
  | 'workspace-hourly'
  | 'unverified-hourly'
  | 'distinct-daily'
  | 'invitation-unverified'
  | 'invitations-account'
  | 'invitations-address'
  | 'invitations-workspace'

export type TSendingLimitsDeps = {
  limits: TSendingLimits
  log: TLog
  /** A limit refused something: the metric counts it. */
  limited?: (limit: TLimitName) => void
}

/** A mail about to be queued for a workspace by a member. */
export type TRecipientsRequest = {
  teamId: string
  accountId: string
  /** Bare lower-case addresses, To and CC. */
  recipients: string[]
  /** Whether one of the workspace's owners has verified their email address. */
  ownerVerified: boolean
  /** Recipients that never wrote to the workspace (only asked for when no owner is verified). */
  strangers: string[]
}

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/**
 * The outbound limits, taken in the transaction that queues the mail: the account's and the workspace's
 * advisory locks (always in that order, so two transactions never wait on each other crosswise) are held
 * from the count to the commit, so concurrent replies cannot all pass the last slot, and a refused or
 * rolled-back mail counts nothing.
 */
export function createSendingLimits(deps: TSendingLimitsDeps) {
  const { limits } = deps

  /** Counts the refusal (metric and one log line naming the limit, never the mail) and throws `error`. */
  function refuse(limit: TLimitName, who: { accountId: string; teamId: string }, error: AppError): never {
    deps.limited?.(limit)
    deps.log(`outbound limit ${limit} refused account ${who.accountId} in workspace ${who.teamId}`)
    throw error
  }

  async function admitRecipients(tx: TQueryable, request: TRecipientsRequest): Promise<void> {
    const recipients = [...new Set(request.recipients)]
    if (!request.ownerVerified && request.strangers.length > 0)
      refuse(
        'strangers',
        request,
        new AppError(ErrorType.generalAccessForbidden, SendingLimitMessages.strangers(request.strangers)),
      )
    const workspaceLimit = request.ownerVerified
      ? limits.recipientsPerHour
      : limits.unverifiedRecipientsPerHour
    // A mail to more recipients than an hour allows never passes: saying "try again" would be untrue.
    const hourly = Math.min(limits.recipientsPerHour, workspaceLimit)
    if (recipients.length > hourly)
      refuse(
        hourly < limits.recipientsPerHour ? 'unverified-hourly' : 'account-hourly',
        request,
        new AppError(
          ErrorType.generalAccessForbidden,
          SendingLimitMessages.moreThanHourly(recipients.length, hourly, request.ownerVerified),
        ),
      )
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`outbound-account:${request.accountId}`])
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`outbound-team:${request.teamId}`])
    // Only rows under the locks held: pruning others' would wait on their transactions.
    await tx.query(
      `delete from outbound_recipients where (user_id = $1 or team_id = $2) and at < now() - interval '25 hours'`,
      [request.accountId, request.teamId],
    )

    const account = await countSince(tx, 'user_id', request.accountId, HOUR_MS)
    if (account.count + recipients.length > limits.recipientsPerHour)
      refuse(
        'account-hourly',
        request,
        AppError.rateLimited(
          SendingLimitMessages.accountPerHour(limits.recipientsPerHour, account.freesInMs),
        ),
      )
    const workspace = await countSince(tx, 'team_id', request.teamId, HOUR_MS)
    if (workspace.count + recipients.length > workspaceLimit)
      refuse(
        request.ownerVerified ? 'workspace-hourly' : 'unverified-hourly',
        request,
        AppError.rateLimited(
          (request.ownerVerified
            ? SendingLimitMessages.workspacePerHour
            : SendingLimitMessages.unverifiedPerHour)(workspaceLimit, workspace.freesInMs),
        ),
      )
    const distinct = await distinctToday(tx, request.teamId, recipients)
    if (distinct.count + distinct.newAddresses > limits.distinctRecipientsPerDay)
      refuse(
        'distinct-daily',
        request,
        AppError.rateLimited(
          SendingLimitMessages.distinctPerDay(limits.distinctRecipientsPerDay, distinct.freesInMs),
        ),
      )
    await tx.query(
      `insert into outbound_recipients (team_id, user_id, address)
       select $1, $2, address from unnest($3::text[]) as address`,
      [request.teamId, request.accountId, recipients],
    )
  }

  return { admitRecipients, refuse }
}

export type TSendingLimitsService = ReturnType<typeof createSendingLimits>

/** Recipients counted for an account or a workspace within `windowMs`, and when the oldest of them frees. */
async function countSince(
  tx: TQueryable,
  column: 'user_id' | 'team_id',
  key: string,
  windowMs: number,
): Promise<{ count: number; freesInMs: number }> {
  const { rows } = await tx.query<{ n: number; frees_in_ms: number | null }>(
    `select count(*)::int as n,
       (extract(epoch from (min(at) + make_interval(secs => $3 / 1000.0) - now())) * 1000)::float8 as frees_in_ms
     from outbound_recipients where ${column} = $1 and at > now() - make_interval(secs => $2 / 1000.0)`,
    [key, windowMs, windowMs],
  )
  return { count: rows[0]?.n ?? 0, freesInMs: Math.max(0, rows[0]?.frees_in_ms ?? 0) }
}

/**
 * The workspace's different addresses mailed in 24 hours, how many of `recipients` would be new among
 * them, and when the first of them frees.
 */
async function distinctToday(
  tx: TQueryable,
  teamId: string,
  recipients: string[],
): Promise<{ count: number; newAddresses: number; freesInMs: number }> {
  const { rows } = await tx.query<{ n: number; known: number; frees_in_ms: number | null }>(
    `with today as (
       select address, min(at) as first from outbound_recipients
       where team_id = $1 and at > now() - make_interval(secs => $3 / 1000.0) group by address
     )
     select count(*)::int as n,
       count(*) filter (where address = any($2::text[]))::int as known,
       (extract(epoch from (min(first) + make_interval(secs => $3 / 1000.0) - now())) * 1000)::float8 as frees_in_ms
     from today`,
    [teamId, recipients, DAY_MS],
  )
  const found = rows[0]
  return {
    count: found?.n ?? 0,
    newAddresses: recipients.length - (found?.known ?? 0),
    freesInMs: Math.max(0, found?.frees_in_ms ?? 0),
  }
}
