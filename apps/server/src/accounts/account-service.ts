import {
  CUSTOM_ID_PATTERN,
  ErrorType,
  normaliseEmail,
  PasswordLimits,
  uniqueId,
  ZAccountCreate,
  ZEmailSession,
} from '@parsedesk/contracts'
import type { TDatabase } from '../db/database'
import { AppError } from '../http/app-error'
import { clearHits, isLimited, recordHit, type TRateLimit } from '../http/rate-limit'
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords'
import { createSession, type TSessionProvider } from './sessions'
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  linkGoogleSub,
  type TUserRow,
  touchUser,
} from './users-repository'

export const SIGN_IN_LIMITS = {
  perEmail: { bucket: 'sign-in-email', limit: 10, windowMs: 15 * 60_000 } satisfies TRateLimit,
  perIp: { bucket: 'sign-in-ip', limit: 50, windowMs: 15 * 60_000 } satisfies TRateLimit,
}
export const SIGN_UP_LIMIT: TRateLimit = { bucket: 'sign-up-ip', limit: 20, windowMs: 60 * 60_000 }

export type TClientInfo = { ip: string; userAgent: string }

function validationMessage(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!
  return `Invalid \`${String(issue.path[0] ?? 'body')}\` param: ${issue.message}`
}

export function createAccountService(deps: { db: TDatabase; sessionIdleMs: number }) {
  const { db } = deps

  async function openSession(
    user: TUserRow,
    provider: TSessionProvider,
    client: TClientInfo,
    providerUid = '',
  ) {
    await touchUser(db, user.id)
    return createSession(db, {
      userId: user.id,
      provider,
      providerUid,
      ip: client.ip,
      userAgent: client.userAgent,
      idleMs: deps.sessionIdleMs,
    })
  }

  return {
    async createAccount(input: unknown, client: TClientInfo): Promise<TUserRow> {
      const parsed = ZAccountCreate.safeParse(input)
      if (!parsed.success) throw AppError.invalid(validationMessage(parsed.error))
      const { userId, email, password, name } = parsed.data
      if (password.length < PasswordLimits.min || password.length > PasswordLimits.max) {
        throw new AppError(ErrorType.userPasswordLength, 400)
      }
      const id = userId === 'unique()' ? uniqueId() : userId
      if (!CUSTOM_ID_PATTERN.test(id)) throw AppError.invalid('Invalid `userId` param: not a valid id')
      if (await isLimited(db, SIGN_UP_LIMIT, client.ip)) throw AppError.rateLimited()
      const normalised = normaliseEmail(email)
      if (await findUserByEmail(db, normalised)) throw new AppError(ErrorType.userAlreadyExists, 409)
      const passwordHash = await hashPassword(password)
      try {
        const user = await insertUser(db, { id, email: normalised, name: name?.trim() ?? '', passwordHash })
        await recordHit(db, SIGN_UP_LIMIT, client.ip)
        return user
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new AppError(ErrorType.userAlreadyExists, 409)
        throw error
      }
    },

    async signInWithPassword(input: unknown, client: TClientInfo) {
      const parsed = ZEmailSession.safeParse(input)
      if (!parsed.success) throw AppError.invalid(validationMessage(parsed.error))
      const email = normaliseEmail(parsed.data.email)
      if (
        (await isLimited(db, SIGN_IN_LIMITS.perEmail, email)) ||
        (await isLimited(db, SIGN_IN_LIMITS.perIp, client.ip))
      ) {
        throw AppError.rateLimited('Too many sign-in attempts. Please try again in a few minutes.')
      }
      const user = await findUserByEmail(db, email)
      const valid = user?.password_hash
        ? await verifyPassword(user.password_hash, parsed.data.password)
        : await verifyPassword(await DUMMY_HASH_PROMISE, parsed.data.password).then(() => false)
      if (!user || !valid) {
        await recordHit(db, SIGN_IN_LIMITS.perEmail, email)
        await recordHit(db, SIGN_IN_LIMITS.perIp, client.ip)
        throw new AppError(ErrorType.userInvalidCredentials, 401)
      }
      if (!user.status) throw new AppError(ErrorType.userBlocked, 401, 'The current user has been blocked.')
      await clearHits(db, SIGN_IN_LIMITS.perEmail, email)
      return { user, ...(await openSession(user, 'email', client)) }
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
            400,
            'Google did not confirm an email address for this account.',
          )
        }
        const email = normaliseEmail(claims.email)
        const existing = await findUserByEmail(db, email)
        if (existing) {
          await linkGoogleSub(db, existing.id, claims.sub)
          user = existing
        } else {
          user = await insertUser(db, {
            id: uniqueId(),
            email,
            name: claims.name ?? '',
            passwordHash: null,
            googleSub: claims.sub,
            emailVerified: true,
          })
        }
      }
      if (!user.status) throw new AppError(ErrorType.userBlocked, 401, 'The current user has been blocked.')
      return { user, ...(await openSession(user, 'google', client, claims.sub)) }
    },
  }
}

export type TAccountService = ReturnType<typeof createAccountService>
