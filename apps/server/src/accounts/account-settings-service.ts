import crypto from 'node:crypto'
import {
  AccountLinkPaths,
  AccountMessages,
  AccountTokenLimits,
  ErrorType,
  normaliseEmail,
  OutboundMailKind,
  uniqueId,
  type ZAccountEmailUpdate,
  type ZAccountNameUpdate,
  type ZAccountPasswordUpdate,
  type ZRecoveryCreate,
  type ZRecoveryUpdate,
  type ZVerificationCreate,
  type ZVerificationUpdate,
} from '@parsedesk/contracts'
import type { z } from 'zod'
import { AppError } from '../core/app-error'
import { clientNetwork } from '../core/client-network'
import { isoDate } from '../core/iso-date'
import { hashSecret } from '../core/secret-hash'
import type { TDatabase } from '../db/database'
import { mapUniqueViolation } from '../db/unique-violation'
import type { TOutbox } from '../outbox/outbox-service'
import {
  composeEmailChange,
  composeEmailTakenNotice,
  composeRecovery,
  composeVerification,
} from './account-mails'
import {
  insertAccountToken,
  retireAccountTokens,
  spendAccountToken,
  type TAccountTokenKind,
  type TAccountTokenRow,
} from './account-tokens-repository'
import type { TAuth } from './auth-context'
import { linkOnOrigin } from './link-on-origin'
import { findPasswordProblem } from './password-rules'
import { hashPassword, verifyPassword } from './passwords'
import { type TRateLimit, takeSlot } from './rate-limit'
import { deleteAllSessions } from './sessions'
import { findUserByEmail, findUserById, type TUserRow, updateUser } from './users-repository'
import { createWorkGate } from './work-gate'

const RECOVERY_MS = AccountTokenLimits.recoveryMinutes * 60_000
const VERIFICATION_MS = AccountTokenLimits.verificationDays * 86_400_000
const EMAIL_CHANGE_MS = AccountTokenLimits.emailChangeHours * 3_600_000

// Recovery mail cannot be used to flood someone's inbox, nor tried address by address from one place.
const RECOVERIES_PER_ADDRESS: TRateLimit = { bucket: 'recovery-ip', limit: 10, windowMs: 60 * 60_000 }
const RECOVERIES_PER_EMAIL: TRateLimit = { bucket: 'recovery-email', limit: 3, windowMs: 60 * 60_000 }
const VERIFICATIONS_PER_USER: TRateLimit = { bucket: 'verification-user', limit: 5, windowMs: 60 * 60_000 }
const TOKEN_USES_PER_ADDRESS: TRateLimit = { bucket: 'account-token-ip', limit: 20, windowMs: 15 * 60_000 }
const OLD_PASSWORD_TRIES_PER_USER: TRateLimit = {
  bucket: 'old-password-user',
  limit: 10,
  windowMs: 15 * 60_000,
}
// Every request counts, answered or not: an account cannot mail address after address, nor one inbox
// be flooded by many accounts asking for it.
export const EMAIL_CHANGE_LIMITS = {
  perUser: { bucket: 'email-change-user', limit: 5, windowMs: 60 * 60_000 } satisfies TRateLimit,
  perAddress: { bucket: 'email-change-email', limit: 3, windowMs: 60 * 60_000 } satisfies TRateLimit,
}

/** The signed-in caller, or 401: the routes check it before Fastify reads the body (decision 058). */
export function requireUser(auth: TAuth) {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  return auth
}

/** Appwrite's Token model; the secret travels only in the mailed link. */
function toTokenModel(token: Pick<TAccountTokenRow, 'id' | 'user_id' | 'expire' | 'created_at'>) {
  return {
    $id: token.id,
    $createdAt: isoDate(token.created_at),
    userId: token.user_id,
    secret: '',
    expire: isoDate(token.expire),
    phrase: '',
  }
}

async function assertAcceptablePassword(user: Pick<TUserRow, 'email' | 'name'>, password: string) {
  const problem = await findPasswordProblem({ password, email: user.email, name: user.name })
  if (problem) throw new AppError(problem.type, problem.message)
}

export type TAccountSettingsDeps = {
  db: TDatabase
  outbox: TOutbox
  /** Origins a mailed link may point to: the public address and CORS_ORIGINS. */
  allowedOrigins: Set<string>
  /** The public address, where the links the server builds itself (no client `url`) point. */
  publicUrl: string
}

/**
 * What a person changes of their own account, and the two flows that go through their mailbox: a
 * forgotten password and checking their address. Each mailed link is single use, and a newer one
 * replaces the older ones. A new password (changed or recovered) signs out every other session.
 */
export function createAccountSettings(deps: TAccountSettingsDeps) {
  const { db } = deps
  // Password changes are rare; one hash at a time keeps them from competing with sign-ins.
  const passwordWork = createWorkGate({
    concurrency: 1,
    queueLength: 16,
    perKey: 2,
    busyMessage: AccountMessages.busy,
  })

  function link(url: string, fields: Record<string, string>): string {
    return linkOnOrigin({
      url,
      allowedOrigins: deps.allowedOrigins,
      fields,
      foreignMessage: AccountMessages.linkForeign,
    })
  }

  /**
   * A single-use secret for `user`, mailed through the outbox in the same transaction as the token: to the
   * account's address, or to the new address an email-change token is for.
   */
  async function mailToken(options: {
    user: TUserRow
    kind: TAccountTokenKind
    lifetimeMs: number
    url: string
    newEmail?: string
    compose: (options: { link: string; expiresAt: Date }) => { subject: string; text: string }
  }) {
    const secret = crypto.randomBytes(32).toString('hex')
    const expire = new Date(Date.now() + options.lifetimeMs)
    const { token, queued } = await db.transaction(async (tx) => {
      const token = await insertAccountToken(tx, {
        id: uniqueId(),
        userId: options.user.id,
        kind: options.kind,
        secretHash: hashSecret(secret),
        expire,
        email: options.newEmail,
      })
      await retireAccountTokens(tx, { userId: options.user.id, kind: options.kind, exceptId: token.id })
      const { subject, text } = options.compose({
        link: link(options.url, { userId: options.user.id, secret, expire: isoDate(expire) }),
        expiresAt: expire,
      })
      // Nobody reads these in the app: a signed-in thief could otherwise take over the account with them.
      const queued = await deps.outbox.queueMail(tx, {
        kind: options.kind === 'recovery' ? OutboundMailKind.recovery : OutboundMailKind.verification,
        idempotencyKey: `${options.kind}:${token.id}`,
        ownerId: options.user.id,
        readableBy: [],
        to: [options.newEmail ?? options.user.email],
        subject,
        text,
      })
      return { token, queued }
    })
    await deps.outbox.announceQueued([queued])
    return token
  }

  /** Tells the owner of `owner`'s address that another account asked for it; one outbox write, as a link. */
  async function mailTakenNotice(owner: TUserRow) {
    const queued = await db.transaction((tx) =>
      deps.outbox.queueMail(tx, {
        kind: OutboundMailKind.verification,
        idempotencyKey: `email-taken:${uniqueId()}`,
        ownerId: owner.id,
        readableBy: [],
        to: [owner.email],
        ...composeEmailTakenNotice(),
      }),
    )
    await deps.outbox.announceQueued([queued])
  }

  async function spend(options: {
    userId: string
    secret: string
    kinds: readonly TAccountTokenKind[]
    ip: string
  }) {
    const slot = await takeSlot(db, TOKEN_USES_PER_ADDRESS, options.ip)
    if (!slot.isTaken) throw AppError.rateLimited()
    const token = await spendAccountToken(db, {
      userId: options.userId,
      kinds: options.kinds,
      secretHash: hashSecret(options.secret),
    })
    if (!token) throw new AppError(ErrorType.userInvalidToken, AccountMessages.linkInvalid)
    await slot.release()
    return token
  }

  return {
    async updateName(auth: TAuth, input: z.infer<typeof ZAccountNameUpdate>): Promise<TUserRow> {
      const { user } = requireUser(auth)
      const { name } = input
      return updateUser(db, user.id, { name })
    },

    /** The old password is asked for when the account has one (one signed in with Google may set a first). */
    async updatePassword(auth: TAuth, input: z.infer<typeof ZAccountPasswordUpdate>): Promise<TUserRow> {
      const { user, session } = requireUser(auth)
      const { password, oldPassword } = input
      await assertAcceptablePassword(user, password)
      return passwordWork.run(user.id, async () => {
        if (user.password_hash) {
          const slot = await takeSlot(db, OLD_PASSWORD_TRIES_PER_USER, user.id)
          if (!slot.isTaken) throw AppError.rateLimited()
          if (!oldPassword || !(await verifyPassword(user.password_hash, oldPassword))) {
            throw new AppError(ErrorType.userInvalidCredentials)
          }
          await slot.release()
        }
        const updated = await updateUser(db, user.id, { passwordHash: await hashPassword(password) })
        await deleteAllSessions(db, user.id, session.id)
        return updated
      })
    },

    /**
     * Mails a link to the new address; only following it moves the account there (updateVerification).
     * A taken address gets the same answer after the same work, and its owner a notice instead of a link,
     * so the answer tells nobody who has an account. The account comes back as it is, still on its address.
     */
    async updateEmail(auth: TAuth, input: z.infer<typeof ZAccountEmailUpdate>): Promise<TUserRow> {
      const { user } = requireUser(auth)
      const body = input
      const email = normaliseEmail(body.email)
      return passwordWork.run(user.id, async () => {
        for (const [rule, key] of [
          [EMAIL_CHANGE_LIMITS.perUser, user.id],
          [EMAIL_CHANGE_LIMITS.perAddress, email],
        ] as const) {
          const slot = await takeSlot(db, rule, key)
          if (!slot.isTaken) throw AppError.rateLimited()
        }
        const slot = await takeSlot(db, OLD_PASSWORD_TRIES_PER_USER, user.id)
        if (!slot.isTaken) throw AppError.rateLimited()
        const matches = !!user.password_hash && (await verifyPassword(user.password_hash, body.password))
        if (!matches) throw new AppError(ErrorType.userInvalidCredentials)
        await slot.release()
        if (email === user.email) return user
        const owner = await findUserByEmail(db, email)
        if (owner) await mailTakenNotice(owner)
        else {
          await mailToken({
            user,
            kind: 'email-change',
            lifetimeMs: EMAIL_CHANGE_MS,
            url: `${deps.publicUrl}${AccountLinkPaths.verify}`,
            newEmail: email,
            compose: composeEmailChange,
          })
        }
        return user
      })
    },

    /**
     * Mails a recovery link, valid for an hour. An unknown address gets the same answer and no mail, so the
     * form tells nobody who has an account (Appwrite answers 404 there).
     */
    async createRecovery(input: z.infer<typeof ZRecoveryCreate>, client: { ip: string }) {
      const { email: given, url } = input
      link(url, {})
      const email = normaliseEmail(given)
      for (const [rule, key] of [
        [RECOVERIES_PER_ADDRESS, client.ip],
        [RECOVERIES_PER_EMAIL, email],
      ] as const) {
        const slot = await takeSlot(db, rule, key)
        if (!slot.isTaken) throw AppError.rateLimited()
      }
      const user = await findUserByEmail(db, email)
      if (!user?.status) {
        return toTokenModel({
          id: uniqueId(),
          user_id: '',
          expire: new Date(Date.now() + RECOVERY_MS),
          created_at: new Date(),
        })
      }
      const token = await mailToken({
        user,
        kind: 'recovery',
        lifetimeMs: RECOVERY_MS,
        url,
        compose: composeRecovery,
      })
      return toTokenModel(token)
    },

    /** Sets a new password with the recovery link's secret; every session of the account ends. */
    async updateRecovery(input: z.infer<typeof ZRecoveryUpdate>, client: { ip: string }) {
      const { userId, secret, password } = input
      const user = await findUserById(db, userId)
      if (!user) throw new AppError(ErrorType.userInvalidToken, AccountMessages.linkInvalid)
      await assertAcceptablePassword(user, password)
      const token = await spend({ userId, secret, kinds: ['recovery'], ip: client.ip })
      await passwordWork.run(clientNetwork(client.ip), async () =>
        updateUser(db, user.id, { passwordHash: await hashPassword(password) }),
      )
      await deleteAllSessions(db, user.id)
      return toTokenModel(token)
    },

    async createVerification(auth: TAuth, input: z.infer<typeof ZVerificationCreate>) {
      const { user } = requireUser(auth)
      const { url } = input
      link(url, {})
      const slot = await takeSlot(db, VERIFICATIONS_PER_USER, user.id)
      if (!slot.isTaken) throw AppError.rateLimited()
      const token = await mailToken({
        user,
        kind: 'verification',
        lifetimeMs: VERIFICATION_MS,
        url,
        compose: composeVerification,
      })
      return toTokenModel(token)
    },

    /**
     * Marks the address verified with the link's secret; works from any browser, signed in or not. A link
     * mailed to a new address moves the account there, verified: opening it proved the mailbox.
     */
    async updateVerification(input: z.infer<typeof ZVerificationUpdate>, client: { ip: string }) {
      const { userId, secret } = input
      const token = await spend({ userId, secret, kinds: ['verification', 'email-change'], ip: client.ip })
      if (!token.email) {
        await updateUser(db, userId, { emailVerified: true })
        return toTokenModel(token)
      }
      const email = token.email
      try {
        await db.transaction(async (tx) => {
          await updateUser(tx, userId, { email, emailVerified: true })
          // Links mailed to the old address must neither verify the new one nor reset the account.
          await retireAccountTokens(tx, { userId, kind: 'verification' })
          await retireAccountTokens(tx, { userId, kind: 'recovery' })
        })
      } catch (error) {
        // Someone signed up with the address after the link was mailed: its owner is the one to keep it.
        throw mapUniqueViolation(error, new AppError(ErrorType.userAlreadyExists, AccountMessages.emailTaken))
      }
      return toTokenModel(token)
    },
  }
}

export type TAccountSettings = ReturnType<typeof createAccountSettings>
