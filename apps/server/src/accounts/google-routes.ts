import { ErrorType, OAuthRedirect } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import * as oidc from 'openid-client'
import type { TConfig } from '../config/config'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { setSessionCookie } from './account-routes'
import type { TAccountService } from './account-service'
import { clientInfoOf } from './client-info'

const STATE_TTL_MS = 10 * 60_000
const PROVIDER = 'google'

type TStartQuery = { success?: string; failure?: string }

/** Google sign-in through standard OpenID Connect; the issuer is configurable so tests use a local one. */
export const googleRoutes =
  (deps: { accounts: TAccountService; db: TDatabase; config: TConfig }) => (app: FastifyInstance) => {
    const { config, db } = deps
    const callbackUrl = `${config.publicUrl}/v1/account/sessions/oauth2/callback/${PROVIDER}/${config.projectId}`
    const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins])
    let discovered: Promise<oidc.Configuration> | undefined

    function oidcConfig(): Promise<oidc.Configuration> {
      const google = config.google
      if (!google)
        throw new Error('Google sign-in is not configured (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).')
      discovered ??= oidc
        .discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
          execute: google.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          discovered = undefined
          throw error
        })
      return discovered
    }

    /** Only our own origins may be redirect targets, so the flow cannot be used as an open redirect. */
    function safeRedirect(candidate: string | undefined, fallbackPath: string): string {
      if (candidate) {
        try {
          if (allowedOrigins.has(new URL(candidate).origin)) return candidate
        } catch {
          // Not a URL: use our own page instead.
        }
      }
      return `${config.publicUrl}${fallbackPath}`
    }

    /**
     * What the failure page may say of an error: our own errors are written for users; anything else
     * (the provider's library, the network) stays in the log, and the page says only that it failed.
     */
    function describeForUser(error: unknown): string {
      return error instanceof AppError ? error.message : 'Google could not sign you in. Please try again.'
    }

    function redirectToFailure(reply: FastifyReply, failureUrl: string, description: string) {
      const url = new URL(failureUrl)
      url.searchParams.set('error', 'Google sign-in failed')
      url.searchParams.set('error_description', description)
      return reply.redirect(url.toString(), 301)
    }

    app.get<{ Params: { provider: string }; Querystring: TStartQuery }>(
      '/v1/account/sessions/oauth2/:provider',
      async (request, reply) => {
        const success = safeRedirect(request.query.success, OAuthRedirect.success)
        const failure = safeRedirect(request.query.failure, OAuthRedirect.failure)
        if (request.params.provider !== PROVIDER) {
          return redirectToFailure(
            reply,
            failure,
            `The sign-in provider "${request.params.provider}" is not supported.`,
          )
        }
        try {
          const configuration = await oidcConfig()
          const codeVerifier = oidc.randomPKCECodeVerifier()
          const state = oidc.randomState()
          const nonce = oidc.randomNonce()
          await db.query(
            `insert into oauth_states (state, code_verifier, nonce, success_url, failure_url, expires_at)
           values ($1, $2, $3, $4, $5, $6)`,
            [state, codeVerifier, nonce, success, failure, new Date(Date.now() + STATE_TTL_MS)],
          )
          const url = oidc.buildAuthorizationUrl(configuration, {
            redirect_uri: callbackUrl,
            scope: 'openid email profile',
            code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
            code_challenge_method: 'S256',
            state,
            nonce,
          })
          return reply.redirect(url.toString(), 301)
        } catch (error) {
          request.log.warn({ err: error }, 'google sign-in could not start')
          return redirectToFailure(reply, failure, describeForUser(error))
        }
      },
    )

    app.get<{ Params: { provider: string; projectId: string }; Querystring: { state?: string } }>(
      '/v1/account/sessions/oauth2/callback/:provider/:projectId',
      async (request, reply) => {
        const { rows } = await db.query<{
          code_verifier: string
          nonce: string
          success_url: string
          failure_url: string
        }>('delete from oauth_states where state = $1 and expires_at > now() returning *', [
          String(request.query.state ?? ''),
        ])
        const pending = rows[0]
        if (!pending) {
          return redirectToFailure(
            reply,
            `${config.publicUrl}${OAuthRedirect.failure}`,
            'The sign-in request expired or was already used. Please try again.',
          )
        }
        try {
          const configuration = await oidcConfig()
          const currentUrl = new URL(request.url, callbackUrl)
          const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
            pkceCodeVerifier: pending.code_verifier,
            expectedState: String(request.query.state),
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          })
          const claims = tokens.claims()
          if (!claims) throw new AppError(ErrorType.userOauthFailed, 'Google returned no identity.')
          const { session, cookie } = await deps.accounts.signInWithGoogle(
            {
              sub: claims.sub,
              email: typeof claims.email === 'string' ? claims.email : undefined,
              name: typeof claims.name === 'string' ? claims.name : undefined,
              emailVerified: claims.email_verified === true || claims.email_verified === 'true',
            },
            clientInfoOf(request),
          )
          setSessionCookie(config, reply, cookie, session)
          return reply.redirect(pending.success_url, 301)
        } catch (error) {
          request.log.warn({ err: error }, 'google sign-in failed')
          return redirectToFailure(reply, pending.failure_url, describeForUser(error))
        }
      },
    )
  }
