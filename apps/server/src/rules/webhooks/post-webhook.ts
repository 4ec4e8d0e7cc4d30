import crypto from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { RuleLimits, RuleWebhookHeaders } from '@parsedesk/contracts'
import { resolveOutboundAddress, type TOutboundPolicy } from '../../core/outbound-address'

/** What one call gave: the status answered (null when none came) and, on a failure, why. */
export type TWebhookAnswer = { status: number | null; error: string | null }

/** `sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<body>` with the rule's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * One signed POST of `body` to `url`, at the address its host resolved to and was checked at (the outbound
 * policy, as for IMAP hosts; no second lookup), within the timeout, following no redirect. A 2xx is
 * delivered; anything else is a failure the job may try again.
 */
export async function postWebhook(input: {
  url: string
  body: string
  secret: string
  policy: TOutboundPolicy
  now?: Date
}): Promise<TWebhookAnswer> {
  const url = new URL(input.url)
  let address: string
  try {
    address = await resolveOutboundAddress(url.hostname.replace(/^\[|\]$/g, ''), input.policy)
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) }
  }
  const timestamp = Math.floor((input.now ?? new Date()).getTime() / 1000)
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        signal: AbortSignal.timeout(RuleLimits.webhookTimeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Parsedesk webhook',
          [RuleWebhookHeaders.timestamp]: String(timestamp),
          [RuleWebhookHeaders.signature]: signWebhook(input.secret, timestamp, input.body),
        },
        lookup: (_host, _options, done) => done(null, address, net.isIPv6(address) ? 6 : 4),
      },
      (response) => {
        // The answer's body is not read: only its status says whether the receiver took the call.
        response.resume()
        const status = response.statusCode ?? 0
        const ok = status >= 200 && status < 300
        resolve({ status, error: ok ? null : `answered ${status}` })
      },
    )
    request.on('error', (error) =>
      resolve({
        status: null,
        error:
          error.name === 'AbortError' || error.name === 'TimeoutError' ? 'no answer in time' : error.message,
      }),
    )
    request.end(input.body)
  })
}
