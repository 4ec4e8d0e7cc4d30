import { InvitationLimits, SendingLimitMessages } from '@parsedesk/contracts'
import { type TRateLimit, tryHitInTransaction } from '../accounts/rate-limit'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import type { TLimitName } from '../outbox/sending-limits'

const HOUR_MS = 60 * 60_000

export const INVITATIONS_PER_ACCOUNT: TRateLimit = {
  bucket: 'team-invite-account',
  limit: InvitationLimits.perAccountPerHour,
  windowMs: HOUR_MS,
}
export const INVITATIONS_PER_ADDRESS: TRateLimit = {
  bucket: 'team-invite-ip',
  limit: InvitationLimits.perAddressPerHour,
  windowMs: HOUR_MS,
}
export const INVITATIONS_PER_WORKSPACE: TRateLimit = {
  bucket: 'team-invite',
  limit: InvitationLimits.perWorkspacePerHour,
  windowMs: HOUR_MS,
}

/**
 * How many invitations may be mailed an hour: per inviting account (one account may own 100 workspaces),
 * per client address (several accounts behind one), and per workspace (an owner's account taken over).
 * Each one's refusal names its limit and when it frees.
 */
const INVITATION_RULES: {
  name: TLimitName
  keyOf: keyof TInvitationKeys
  rule: TRateLimit
  message: (limit: number, ms: number) => string
}[] = [
  {
    name: 'invitations-account',
    keyOf: 'accountId',
    rule: INVITATIONS_PER_ACCOUNT,
    message: SendingLimitMessages.invitationsPerAccount,
  },
  {
    name: 'invitations-address',
    keyOf: 'address',
    rule: INVITATIONS_PER_ADDRESS,
    message: SendingLimitMessages.invitationsPerAddress,
  },
  {
    name: 'invitations-workspace',
    keyOf: 'teamId',
    rule: INVITATIONS_PER_WORKSPACE,
    message: SendingLimitMessages.invitationsPerWorkspace,
  },
]

/** Who invites: the inviting account, its client address, the workspace. */
export type TInvitationKeys = { accountId: string; address: string; teamId: string }

/** A refused invitation: which limit, and the error its inviter reads. */
export type TInvitationRefusal = { name: TLimitName; error: AppError }

/**
 * Takes one slot of each invitation limit in `tx` (the caller's invitation transaction, so a refused or
 * failed invitation takes nothing), in one fixed order; the first that is full is returned, else undefined.
 */
export async function takeInvitationSlots(
  tx: TQueryable,
  keys: TInvitationKeys,
): Promise<TInvitationRefusal | undefined> {
  for (const { name, keyOf, rule, message } of INVITATION_RULES) {
    const key = keys[keyOf]
    if (await tryHitInTransaction(tx, rule, key)) continue
    const { rows } = await tx.query<{ frees_in_ms: number | null }>(
      `select (extract(epoch from (min(at) + make_interval(secs => $3 / 1000.0) - now())) * 1000)::float8 as frees_in_ms
       from rate_limit_hits where bucket = $1 and key = $2 and at > now() - make_interval(secs => $3 / 1000.0)`,
      [rule.bucket, key, rule.windowMs],
    )
    return { name, error: AppError.rateLimited(message(rule.limit, Math.max(0, rows[0]?.frees_in_ms ?? 0))) }
  }
  return undefined
}
