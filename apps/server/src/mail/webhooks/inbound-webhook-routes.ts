import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import {
  IntakeBacklogMessages,
  IntakeLimitMessages,
  MailboxMessages,
  type TInboundChannel,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../core/app-error'
import type { TDatabase } from '../../db/database'
import { isManager, isMember } from '../../teams/workspace-access'
import { IntakeBehindError } from '../inbound/intake-backlog'
import { IntakeLimitedError } from '../intake-limits/intake-limited-error'
import { findMailboxById, type TMailboxRow } from '../mailboxes/mailbox-repository'
import { parseMailgunWebhook } from './parse-mailgun-webhook'
import { parsePostmarkWebhook } from './parse-postmark-webhook'
import { parseSendgridWebhook } from './parse-sendgrid-webhook'
import { readWebhookForm } from './read-webhook-form'
import { looksLikeEmail, type TWebhookEmail, WEBHOOK_CHANNEL } from './webhook-email'
import { webhookMalformed, webhookTooLarge, webhookUnauthorized } from './webhook-errors'
import { isSameSecret, presentedWebhookSecret } from './webhook-secret'
import { webhookUrls } from './webhook-urls'

export type TAcceptWebhookEmailOptions = {
  mailbox: TMailboxRow
  raw: Buffer
  channel: TInboundChannel
  externalId?: string | undefined
  envelopeFrom?: string | undefined
}

export type TInboundWebhookRoutesOptions = {
  /** Commits the message to the inbound store; resolves only once it is durable. */
  accept(options: TAcceptWebhookEmailOptions): Promise<{ inboundId: string; duplicate: boolean }>
  /** The largest message accepted, as for SMTP. */
  maxBytes: number
  db: TDatabase
  /** Where the webhook URLs point. */
  publicUrl: string
}

type TParams = { mailboxId: string }

const MB = 1024 * 1024

/**
 * A delivery deferred for coming too fast (decision 029): 429 with Retry-After, and nothing stored. Every
 * provider retries a webhook that did not succeed, so the mail comes again rather than being lost.
 */
function deferTooFast(reply: FastifyReply, error: unknown): never {
  if (!(error instanceof IntakeLimitedError)) throw error
  reply.header('retry-after', String(error.retryAfterSeconds))
  throw AppError.rateLimited(IntakeLimitMessages.webhook(error.scope, error.limit, error.retryAfterSeconds))
}

/**
 * POST /v1/inbound/:mailboxId/{postmark,mailgun,mailgun/mime,sendgrid,raw}: a provider delivers one
 * message. The secret is checked before the body is read; 200 is answered only after the store committed.
 */
export function inboundWebhookRoutes(options: TInboundWebhookRoutesOptions) {
  const ctx = { db: options.db, config: { publicUrl: options.publicUrl } }
  const { maxBytes } = options
  // Base64 attachments in JSON and percent-encoding in forms take more room than the message itself.
  const jsonLimit = Math.ceil((maxBytes * 4) / 3) + MB
  const formLimit = 2 * maxBytes + MB

  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // Scoped to these routes; skipped should the whole app come to parse these types itself.
      if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
        await scope.register(formbody, { bodyLimit: formLimit })
      }
      if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart)
      for (const type of ['message/rfc822', 'application/octet-stream']) {
        if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type)
        scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
          done(null, body),
        )
      }

      const mailboxes = new WeakMap<FastifyRequest, TMailboxRow>()
      const authenticateWebhook = async (request: FastifyRequest<{ Params: TParams }>) => {
        const mailbox = await findMailboxById(ctx.db, request.params.mailboxId)
        const presented = presentedWebhookSecret(request)
        if (!isSameSecret(presented, mailbox?.webhookSecret ?? '') || !mailbox) throw webhookUnauthorized()
        mailboxes.set(request, mailbox)
      }

      const commit = async (
        request: FastifyRequest,
        reply: FastifyReply,
        email: TWebhookEmail,
        channel: TInboundChannel,
      ) => {
        if (email.raw.length > maxBytes) throw webhookTooLarge(maxBytes)
        const mailbox = mailboxes.get(request)
        if (!mailbox) throw webhookUnauthorized()
        const accepted = await options
          .accept({
            mailbox,
            raw: email.raw,
            channel,
            externalId: email.externalId,
            envelopeFrom: email.envelopeFrom,
          })
          .catch((error: unknown) =>
            error instanceof IntakeBehindError ? error : deferTooFast(reply, error),
          )
        if (accepted instanceof IntakeBehindError) {
          // Back-pressure (decision 031): the provider keeps the mail while ours waits to be decided.
          return reply
            .code(503)
            .header('retry-after', String(accepted.retryAfterSeconds))
            .send({ message: IntakeBacklogMessages.webhook(accepted.retryAfterSeconds), code: 503 })
        }
        return reply.code(200).send(accepted)
      }

      // Info-level request logs would carry the `secret` query parameter into the log.
      const routeOptions = { onRequest: authenticateWebhook, logLevel: 'warn' as const }
      const base = '/v1/inbound/:mailboxId'

      scope.post<{ Params: TParams }>(
        `${base}/postmark`,
        { ...routeOptions, bodyLimit: jsonLimit },
        async (request, reply) => {
          if (!request.headers['content-type']?.toLowerCase().startsWith('application/json')) {
            throw webhookMalformed('Postmark posts application/json')
          }
          return commit(request, reply, await parsePostmarkWebhook(request.body), WEBHOOK_CHANNEL.postmark)
        },
      )

      const mailgun = async (request: FastifyRequest, reply: FastifyReply) => {
        const form = await readWebhookForm({ request, maxBytes })
        return commit(request, reply, await parseMailgunWebhook(form), WEBHOOK_CHANNEL.mailgun)
      }
      scope.post(`${base}/mailgun`, { ...routeOptions, bodyLimit: formLimit }, mailgun)
      // Mailgun posts the message whole only to URLs that end in "mime".
      scope.post(`${base}/mailgun/mime`, { ...routeOptions, bodyLimit: formLimit }, mailgun)

      scope.post(`${base}/sendgrid`, { ...routeOptions, bodyLimit: formLimit }, async (request, reply) => {
        const form = await readWebhookForm({ request, maxBytes })
        return commit(request, reply, await parseSendgridWebhook(form), WEBHOOK_CHANNEL.sendgrid)
      })

      scope.post(`${base}/raw`, { ...routeOptions, bodyLimit: maxBytes }, async (request, reply) => {
        const raw = request.body
        if (!Buffer.isBuffer(raw) || raw.length === 0) {
          throw webhookMalformed('post the message as the body, with Content-Type: message/rfc822')
        }
        if (!looksLikeEmail(raw)) throw webhookMalformed('the body is not an RFC 822 message')
        return commit(request, reply, { raw }, WEBHOOK_CHANNEL.raw)
      })
    })

    app.get<{ Params: TParams }>('/v1/inbound/:mailboxId', { logLevel: 'warn' }, async (request) => {
      if (request.auth.kind !== 'user') throw AppError.unauthorizedScope()
      const mailbox = await findMailboxById(ctx.db, request.params.mailboxId)
      // Members learn of the workspace's mailbox; only its owners and admins get the secret that posts into it.
      if (!mailbox || !isMember(request.auth, mailbox.teamId)) throw AppError.documentNotFound()
      if (!isManager(request.auth, mailbox.teamId))
        throw AppError.forbidden(MailboxMessages.webhooksManagersOnly)
      return {
        mailboxId: mailbox.id,
        address: mailbox.address,
        secret: mailbox.webhookSecret,
        urls: webhookUrls({
          publicUrl: ctx.config.publicUrl,
          mailboxId: mailbox.id,
          secret: mailbox.webhookSecret,
        }),
      }
    })
  }
}
