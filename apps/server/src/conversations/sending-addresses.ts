import {
  ErrorType,
  OutboundMailKind,
  SendingLimits,
  SendingMessages,
  type TMailboxSending,
  type ZSendingAddressUpdate,
} from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import type { TConfig } from '../config/config'
import { AppError } from '../core/app-error'
import type { TDatabase, TQueryable } from '../db/database'
import type { TOutboxRow } from '../outbox/outbox-repository'
import type { TOutbox } from '../outbox/outbox-service'
import { hasVerifiedOwner } from '../teams/team-repository'
import { isManager, isMember } from '../teams/workspace-access'
import { addressesThatNeverWrote } from './reply-recipients'
import { sendingSetup } from './sending-check'
import { readSignature } from './signatures'

type TSendingRow = {
  mailboxId: string
  teamId: string
  parsingAddress: string
  address: string | null
  token: string | null
  testSentAt: Date | null
  verifiedAt: Date | null
}

export type TSendingDeps = {
  db: TDatabase
  outbox: TOutbox
  config: Pick<TConfig, 'inboundDomain' | 'outbox'>
}

/**
 * A mailbox's sending address (decision 047): set by owners and admins, proved by a test mail with a
 * random Message-ID sent TO it, which reaches us only if that address forwards to the parsing address.
 * Its return as a loop at this mailbox verifies it (a trigger of migration 044); until then replies keep
 * coming from the parsing address. Read by every member, so agents know where their replies come from.
 */
export function createSendingAddresses(deps: TSendingDeps) {
  const { db, outbox } = deps

  async function read(auth: TAuth, mailboxId: string): Promise<TMailboxSending> {
    const row = await mailboxOf(db, auth, mailboxId)
    return describe(row, await readSignature(db, row.teamId, `mailbox:${row.mailboxId}`))
  }

  async function change(
    auth: TAuth,
    mailboxId: string,
    { address }: z.output<typeof ZSendingAddressUpdate>,
  ): Promise<TMailboxSending> {
    const user = requireUserId(auth)
    const queued = await db.transaction(async (tx) => {
      const row = await mailboxOf(tx, auth, mailboxId, { manage: true, lock: true })
      if (address === null) {
        await tx.query('delete from sending_addresses where "mailboxId" = $1', [mailboxId])
        return undefined
      }
      if (address === row.parsingAddress || address.endsWith(`@${deps.config.inboundDomain}`))
        throw AppError.invalid(SendingMessages.parsingAddressAsSender)
      if (address === row.address) return undefined
      // A new address is no way around the interval: each one would be another stranger mailed.
      refuseTooSoon(row.testSentAt)
      await tx.query(
        `insert into sending_addresses ("mailboxId", "teamId", "address", "token")
         values ($1, $2, $3, '') on conflict ("mailboxId") do update
         set "address" = excluded."address", "token" = '', "testSentAt" = null, "verifiedAt" = null,
           updated_at = now()`,
        [mailboxId, row.teamId, address],
      )
      return sendTest(tx, user, { ...row, address, testSentAt: null })
    })
    if (queued) await outbox.announceQueued([queued])
    return read(auth, mailboxId)
  }

  async function test(auth: TAuth, mailboxId: string): Promise<TMailboxSending> {
    const user = requireUserId(auth)
    const queued = await db.transaction(async (tx) => {
      const row = await mailboxOf(tx, auth, mailboxId, { manage: true, lock: true })
      if (!row.address) throw AppError.invalid(SendingMessages.noSendingAddress)
      return sendTest(tx, user, { ...row, address: row.address })
    })
    await outbox.announceQueued([queued])
    return read(auth, mailboxId)
  }

  /**
   * The test mail: from MAIL_FROM (whose bounces are not ours to read), to the sending address, counted
   * against the outbound limits as any mail to a stranger, and readable by nobody, since its Message-ID is
   * the proof. It carries our loop header, so coming back it is a loop and never a ticket.
   */
  async function sendTest(
    tx: TQueryable,
    userId: string,
    row: TSendingRow & { address: string },
  ): Promise<TOutboxRow> {
    refuseTooSoon(row.testSentAt)
    const ownerVerified = await hasVerifiedOwner(tx, row.teamId)
    await outbox.admitRecipients(tx, {
      teamId: row.teamId,
      accountId: userId,
      recipients: [row.address],
      ownerVerified,
      strangers: ownerVerified ? [] : await addressesThatNeverWrote(tx, row.teamId, [row.address]),
    })
    const mail = await outbox.queueMail(tx, {
      kind: OutboundMailKind.verification,
      idempotencyKey: `sending-check:${row.mailboxId}:${Date.now()}`,
      ownerId: userId,
      readableBy: [],
      to: [row.address],
      subject: 'Parsedesk: checking that this address forwards to your helpdesk',
      text: testMailText(row.address, row.parsingAddress),
    })
    await tx.query(
      `update sending_addresses set "token" = $2, "testSentAt" = now(), updated_at = now()
       where "mailboxId" = $1`,
      [row.mailboxId, mail.messageId.slice(1, -1)],
    )
    return mail
  }

  function describe(row: TSendingRow, signatureHtml: string): TMailboxSending {
    const verified = row.address !== null && row.verifiedAt !== null
    return {
      mailboxId: row.mailboxId,
      parsingAddress: row.parsingAddress,
      sendingAddress: row.address,
      verified,
      testSentAt: row.testSentAt?.toISOString() ?? null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      repliesFrom: verified && row.address ? row.address : row.parsingAddress,
      setup: sendingSetup({
        ...deps.config,
        sendingAddress: row.address,
        parsingAddress: row.parsingAddress,
        verifiedAt: row.verifiedAt,
        testSentAt: row.testSentAt,
      }),
      signatureHtml,
    }
  }

  return { read, change, test }
}

export type TSendingAddresses = ReturnType<typeof createSendingAddresses>

function refuseTooSoon(testSentAt: Date | null) {
  if (testSentAt && Date.now() - testSentAt.getTime() < SendingLimits.testIntervalSeconds * 1000)
    throw AppError.rateLimited(SendingMessages.testTooSoon)
}

function requireUserId(auth: TAuth): string {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  return auth.user.id
}

/**
 * The mailbox with its sending address, for a member (a manager, to change it). Another workspace's
 * mailbox, or none, is not found, as in every read.
 */
export async function mailboxOf(
  db: TQueryable,
  auth: TAuth,
  mailboxId: string,
  options: { manage?: boolean; lock?: boolean } = {},
): Promise<TSendingRow> {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  const { rows } = await db.query<TSendingRow>(
    `select m.id as "mailboxId", m."teamId", m."address" as "parsingAddress", s."address", s."token",
       s."testSentAt", s."verifiedAt"
     from mailboxes m left join sending_addresses s on s."mailboxId" = m.id
     where m.id = $1${options.lock ? ' for update of m' : ''}`,
    [mailboxId.slice(0, 64)],
  )
  const row = rows[0]
  if (!row || !isMember(auth, row.teamId))
    throw new AppError(ErrorType.documentNotFound, SendingMessages.mailboxGone)
  if (options.manage && !isManager(auth, row.teamId))
    throw AppError.forbidden('Only owners and admins change where replies come from')
  return row
}

function testMailText(address: string, parsingAddress: string): string {
  return [
    `This mail checks that ${address} forwards to ${parsingAddress}, the helpdesk's parsing address.`,
    '',
    'If it reached the helpdesk, replies now go out from this address. If you are reading it in a',
    'mailbox of your own, set up that forwarding first, then send the test again from the settings.',
    'If you did not ask for this, you can ignore it: nothing is sent from this address unless it forwards.',
  ].join('\n')
}
