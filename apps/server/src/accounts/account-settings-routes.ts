import type { FastifyInstance } from 'fastify'
import { toAccountModel } from './account-model'
import type { TAccountSettings } from './account-settings-service'
import { clientInfoOf } from './client-info'

/**
 * Appwrite's account routes for a person's own details, password recovery and email verification
 * (docs/api.md, "Account settings"). Verification answers on both paths: SDK 27's and older SDKs'.
 */
export const accountSettingsRoutes = (deps: { settings: TAccountSettings }) => (app: FastifyInstance) => {
  const { settings } = deps

  app.patch('/v1/account/name', async (request) =>
    toAccountModel(await settings.updateName(request.auth, request.body)),
  )
  app.patch('/v1/account/password', async (request) =>
    toAccountModel(await settings.updatePassword(request.auth, request.body)),
  )
  app.patch('/v1/account/email', async (request) =>
    toAccountModel(await settings.updateEmail(request.auth, request.body)),
  )

  app.post('/v1/account/recovery', async (request, reply) =>
    reply.code(201).send(await settings.createRecovery(request.body, clientInfoOf(request))),
  )
  app.put('/v1/account/recovery', (request) => settings.updateRecovery(request.body, clientInfoOf(request)))

  for (const path of ['/v1/account/verifications/email', '/v1/account/verification']) {
    app.post(path, async (request, reply) =>
      reply.code(201).send(await settings.createVerification(request.auth, request.body)),
    )
    app.put(path, (request) => settings.updateVerification(request.body, clientInfoOf(request)))
  }
}
