import {
  AccountMessages,
  CUSTOM_ID_PATTERN,
  ErrorType,
  normaliseEmail,
  type TInvitationJoin,
  uniqueId,
  type ZAccountCreate,
  type ZEmailSession,
} from '@parsedesk/contracts'
import type { z } from 'zod'
import { AppError } from '../core/app-error'
import { clientNetwork } from '../core/client-network'
import type { TDatabase, TQueryable } from '../db/database'
import { mapUniqueViolation } from '../db/unique-violation'
import { findPasswordProblem } from './password-rules'
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords'
import { type TRateLimit, takeSlot } from './rate-limit'
import { createSession, type TSessionProvider } from './sessions'
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  linkGoogleSub,
  type TInsertUserOptions,
  type TUserRow,
  touchUser,
} from './users-repository'
import { createWorkGate } from './work-gate'

/**
 * Sign-ins are counted per account and address together, so nobody elsewhere can lock the owner out, and
 * per address, so one address cannot guess across many accounts. Successes count too: each costs a
 * password hash like a failure, and a loop of correct sign-ins must not be free to run without end.
 */
export const SIGN_IN_LIMITS = {
  perAccountAddress: {
    bucket: 'sign-in-account-address',
    limit: 10,
    windowMs: 15 * 60_000,
  } satisfies TRateLimit,
  perAddress: { bucket: 'sign-in-address', limit: 50, windowMs: 15 * 60_000 } satisfies TRateLimit,
}
export const SIGN_UP_LIMIT: TRateLimit = { bucket: 'sign-up-ip', limit: 20, windowMs: 60 * 60_000 }

/**
 * Password hashes computed at once, and attempts waiting for one; more are answered 429 at once. One
 * client address holds at most `perKey` of those places, so it cannot crowd everyone else out.
 */
export const PASSWORD_WORK = { concurrency: 2, queueLength: 64, perKey: 4 } as const

export type TClientInfo = { ip: string; userAgent: string }

function minutes(ms: number): string {
  const count = Math.max(1, Math.ceil(ms / 60_000))
  return `${count} minute${count === 1 ? '' : 's'}`
}

export type TAccountServiceDeps = {
  db: TDatabase
  sessionIdleMs: number
  /**
   * What every new account gets, in the transaction that creates it: its own workspace, or with an
   * invitation, a place in the workspace that invited it. What it returns runs after the commit.
   */
  setUpAccount(
    tx: TQueryable,
    user: TUserRow,
    invitation?: TInvitationJoin,
  ): Promise<(() => Promise<void>) | undefined>
}

export function createAccountService(deps: TAccountServiceDeps) {
  const { db } = deps

  /** A new account and what comes with it, together or not at all. */
  async function createUser(options: TInsertUserOptions, invitation?: TInvitationJoin): Promise<TUserRow> {
    const { user, afterCommit } = await db.transaction(async (tx) => {
      const inserted = await insertUser(tx, options)
      return { user: inserted, afterCommit: await deps.setUpAccount(tx, inserted, invitation) }
    })
    await afterCommit?.()
    return user
  }
  const passwordWork = createWorkGate({ ...PASSWORD_WORK, busyMessage: AccountMessages.signInBusy })

  async function openSession(
    user: TUserRow,
    provider: TSessionProvider,
    client: TClientInfo,
    providerUid = '',
  ) {
    await touchUser(db, user.id)
    return db.transaction((tx) =>
      createSession(tx, {
        userId: user.id,
        provider,
        providerUid,
        ip: client.ip,
        userAgent: client.userAgent,
        idleMs: deps.sessionIdleMs,
      }),
    )
  }

  /** Both slots, or neither: an attempt counts against the account with this address, and the address. */
  async function takeSignInSlots(email: string, ip: string) {
    const pair = await takeSlot(db, SIGN_IN_LIMITS.perAccountAddress, `${email} ${ip}`)
    if (!pair.isTaken) {
      throw AppError.rateLimited(AccountMessages.tooManySignInsToAccount(minutes(pair.retryAfterMs)))
    }
    const address = await takeSlot(db, SIGN_IN_LIMITS.perAddress, ip)
    if (!address.isTaken) {
      await pair.release()
      throw AppError.rateLimited(AccountMessages.tooManySignInsFromAddress(minutes(address.retryAfterMs)))
    }
  }

  return {
    async createAccount(input: z.output<typeof ZAccountCreate>, client: TClientInfo): Promise<TUserRow> {
      const { userId, email, password, name, invitation } = input
      const id = userId === 'unique()' ? uniqueId() : userId
      if (!CUSTOM_ID_PATTERN.test(id)) throw AppError.invalid('Invalid `userId` param: not a valid id')
      const normalised = normaliseEmail(email)
      const problem = await findPasswordProblem({ password, email: normalised, name: name ?? '' })
      if (problem) throw new AppError(problem.type, problem.message)
      return passwordWork.run(clientNetwork(client.ip), async () => {
        const slot = await takeSlot(db, SIGN_UP_LIMIT, client.ip)
        if (!slot.isTaken) throw AppError.rateLimited()
        // Hashed before the email is looked up, so a taken email is answered no sooner than a new one.
        const passwordHash = await hashPassword(password)
        if (await findUserByEmail(db, normalised)) throw new AppError(ErrorType.userAlreadyExists)
        try {
          return await createUser(
            { id, email: normalised, name: name?.trim() ?? '', passwordHash },
            invitation,
          )
        } catch (error) {
          throw mapUniqueViolation(error, new AppError(ErrorType.userAlreadyExists))
        }
      })
    },

    async signInWithPassword(credentials: z.output<typeof ZEmailSession>, client: TClientInfo) {
      const email = normaliseEmail(credentials.email)
      return passwordWork.run(clientNetwork(client.ip), async () => {
        await takeSignInSlots(email, client.ip)
        const user = await findUserByEmail(db, email)
        // An unknown email is checked against a dummy hash: it costs the same time as a wrong password.
        const valid = user?.password_hash
          ? await verifyPassword(user.password_hash, credentials.password)
          : await verifyPassword(await DUMMY_HASH_PROMISE, credentials.password).then(() => false)
        if (!user || !valid) throw new AppError(ErrorType.userInvalidCredentials)
        if (!user.status) throw new AppError(ErrorType.userBlocked, 'The current user has been blocked.')
        return { user, ...(await openSession(user, 'email', client)) }
      })
    },

    /** Google's `sub` is the identity; an existing account with the same verified email is linked to it. */
    async signInWithGoogle(
      claims: { sub: string; email?: string; name?: string; emailVerified: boolean },
      client: TClientInfo,
    ) {
      let user = await findUserByGoogleSub(db, claims.sub)
      if (!user) {
        if (!claims.email || !claims.emailVerified) {
          throw new AppError(
            ErrorType.userOauthFailed,
            'Google did not confirm an email address for this account.',
          )
        }
        const email = normaliseEmail(claims.email)
        const existing = await findUserByEmail(db, email)
        if (existing) {
          await linkGoogleSub(db, existing.id, claims.sub)
          user = existing
        } else {
          user = await createUser({
            id: uniqueId(),
            email,
            name: claims.name ?? '',
            passwordHash: null,
            googleSub: claims.sub,
            emailVerified: true,
          })
        }
      }
      if (!user.status) throw new AppError(ErrorType.userBlocked, 'The current user has been blocked.')
      return { user, ...(await openSession(user, 'google', client, claims.sub)) }
    },
  }
}

export type TAccountService = ReturnType<typeof createAccountService>
