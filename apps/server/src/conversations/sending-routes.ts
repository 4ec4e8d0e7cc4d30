import { ZSendingAddressUpdate, ZSignatureUpdate } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../accounts/account-settings-service'
import { validated, withZodSchemas } from '../core/route-schemas'
import type { TSendingAddresses } from './sending-addresses'
import type { TSignatureSettings } from './signature-settings'

type TMailboxParams = { Params: { mailboxId: string } }
type TTeamParams = { Params: { teamId: string } }
const ZMailboxParams = z.object({ mailboxId: z.string() })
const ZTeamParams = z.object({ teamId: z.string() })

/** A signed-in caller's body, validated before the handler (decision 058): a guest is refused first. */
const signedIn = <B extends z.ZodType, P extends z.ZodType>(body: B, params: P) =>
  validated({ body, params }, (request: FastifyRequest) => requireUser(request.auth))

/**
 * How replies speak (docs/api.md, decision 047): a mailbox's sending address and its check, its signature,
 * and the caller's own signature in a workspace.
 */
export const sendingRoutes =
  (deps: { sending: TSendingAddresses; signatures: TSignatureSettings }) => (instance: FastifyInstance) => {
    const { sending, signatures } = deps
    const app = withZodSchemas(instance)
    app.get<TMailboxParams>('/v1/mailboxes/:mailboxId/sending', (request) =>
      sending.read(request.auth, request.params.mailboxId),
    )
    app.put('/v1/mailboxes/:mailboxId/sending', signedIn(ZSendingAddressUpdate, ZMailboxParams), (request) =>
      sending.change(request.auth, request.params.mailboxId, request.body),
    )
    app.post<TMailboxParams>('/v1/mailboxes/:mailboxId/sending/test', (request) =>
      sending.test(request.auth, request.params.mailboxId),
    )
    app.put('/v1/mailboxes/:mailboxId/signature', signedIn(ZSignatureUpdate, ZMailboxParams), (request) =>
      signatures.changeMailbox(request.auth, request.params.mailboxId, request.body),
    )
    app.get<TTeamParams>('/v1/teams/:teamId/signature', (request) =>
      signatures.readMine(request.auth, request.params.teamId),
    )
    app.put('/v1/teams/:teamId/signature', signedIn(ZSignatureUpdate, ZTeamParams), (request) =>
      signatures.changeMine(request.auth, request.params.teamId, request.body),
    )
  }
