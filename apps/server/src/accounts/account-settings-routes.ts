import {
  ZAccountEmailUpdate,
  ZAccountNameUpdate,
  ZAccountPasswordUpdate,
  ZRecoveryCreate,
  ZRecoveryUpdate,
  ZVerificationCreate,
  ZVerificationUpdate,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { validated, withZodSchemas } from '../core/route-schemas'
import { toAccountModel } from './account-model'
import { requireUser, type TAccountSettings } from './account-settings-service'
import { clientInfoOf } from './client-info'

/** A body anyone may send (recovery and verification links carry their own secret). */
const anyone = <T extends z.ZodType>(body: T) => validated({ body })

/** A signed-in caller's body: 401 first, never a 400 that tells a guest what the body takes. */
const signedIn = <T extends z.ZodType>(body: T) =>
  validated({ body }, (request: FastifyRequest) => requireUser(request.auth))

/**
 * Appwrite's account routes for a person's own details, password recovery and email verification
 * (docs/api.md, "Account settings"). Verification answers on both paths: SDK 27's and older SDKs'.
 * Bodies are declared with zod and validated before the handler (decision 058).
 */
export const accountSettingsRoutes =
  (deps: { settings: TAccountSettings }) => (instance: FastifyInstance) => {
    const { settings } = deps
    const app = withZodSchemas(instance)

    app.patch('/v1/account/name', signedIn(ZAccountNameUpdate), async (request) =>
      toAccountModel(await settings.updateName(request.auth, request.body)),
    )
    app.patch('/v1/account/password', signedIn(ZAccountPasswordUpdate), async (request) =>
      toAccountModel(await settings.updatePassword(request.auth, request.body)),
    )
    app.patch('/v1/account/email', signedIn(ZAccountEmailUpdate), async (request) =>
      toAccountModel(await settings.updateEmail(request.auth, request.body)),
    )

    app.post('/v1/account/recovery', anyone(ZRecoveryCreate), async (request, reply) =>
      reply.code(201).send(await settings.createRecovery(request.body, clientInfoOf(request))),
    )
    app.put('/v1/account/recovery', anyone(ZRecoveryUpdate), (request) =>
      settings.updateRecovery(request.body, clientInfoOf(request)),
    )

    for (const path of ['/v1/account/verifications/email', '/v1/account/verification']) {
      app.post(path, signedIn(ZVerificationCreate), async (request, reply) =>
        reply.code(201).send(await settings.createVerification(request.auth, request.body)),
      )
      app.put(path, anyone(ZVerificationUpdate), (request) =>
        settings.updateVerification(request.body, clientInfoOf(request)),
      )
    }
  }
