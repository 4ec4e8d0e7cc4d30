import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { INLINE_IMAGE_TYPES, RemoteImageLimits } from '@parsedesk/contracts'
import { resolveOutboundAddress, type TOutboundPolicy } from '../core/outbound-address'

export type TRemoteImage = { contentType: string; bytes: Buffer }

/** Why a remote image is not shown, said to the member in the contracts' words. */
export class RemoteImageRefused extends Error {
  constructor(
    readonly reason: 'invalid-url' | 'not-image' | 'too-big' | 'unreachable',
    detail: string,
  ) {
    super(detail)
  }
}

type TAnswer = { status: number; location?: string; contentType: string; bytes: Buffer }

/**
 * One GET to the address `host` resolved to and was checked at (no second lookup a hostile DNS could
 * answer differently), with no cookie, no referrer and no credentials of ours, cut off past the byte limit.
 */
function getOnce(url: URL, address: string, signal: AbortSignal): Promise<TAnswer> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        headers: { accept: INLINE_IMAGE_TYPES.join(', '), 'user-agent': 'Parsedesk image proxy' },
        lookup: (_host, _options, done) => done(null, address, net.isIPv6(address) ? 6 : 4),
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength
          if (size > RemoteImageLimits.bytes) {
            response.destroy()
            reject(new RemoteImageRefused('too-big', `more than ${RemoteImageLimits.bytes} bytes`))
            return
          }
          chunks.push(chunk)
        })
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers.location ? { location: response.headers.location } : {}),
            contentType: (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
            bytes: Buffer.concat(chunks),
          }),
        )
      },
    )
    request.on('error', reject)
  })
}

function parseImageUrl(raw: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new RemoteImageRefused('invalid-url', 'not an address')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RemoteImageRefused('invalid-url', `${url.protocol} is not http or https`)
  url.username = ''
  url.password = ''
  return url
}

/**
 * A remote image a mail names, fetched by the server so the member's browser never contacts the sender's
 * server (no tracking of who opened it, from where). Only public addresses (the outbound policy, as for
 * IMAP hosts), only the image types served inline (never SVG), within the size and time limits, following
 * a few redirects, each checked again.
 */
export async function fetchRemoteImage(raw: string, policy: TOutboundPolicy): Promise<TRemoteImage> {
  const signal = AbortSignal.timeout(RemoteImageLimits.timeoutMs)
  let url = parseImageUrl(raw)
  for (let hop = 0; hop <= RemoteImageLimits.redirects; hop += 1) {
    const address = await resolveOutboundAddress(url.hostname.replace(/^\[|\]$/g, ''), policy).catch(
      (error: unknown) => {
        throw new RemoteImageRefused('unreachable', error instanceof Error ? error.message : String(error))
      },
    )
    const answer = await getOnce(url, address, signal).catch((error: unknown) => {
      if (error instanceof RemoteImageRefused) throw error
      throw new RemoteImageRefused('unreachable', error instanceof Error ? error.message : String(error))
    })
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      url = parseImageUrl(answer.location, url)
      continue
    }
    if (answer.status !== 200) throw new RemoteImageRefused('unreachable', `answered ${answer.status}`)
    if (!INLINE_IMAGE_TYPES.includes(answer.contentType))
      throw new RemoteImageRefused('not-image', `answered ${answer.contentType || 'no type'}`)
    return { contentType: answer.contentType, bytes: answer.bytes }
  }
  throw new RemoteImageRefused('unreachable', 'too many redirects')
}
