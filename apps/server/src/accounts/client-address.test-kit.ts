import http from 'node:http'

export type TAddressedAnswer = { status: number; body: { [key: string]: unknown } }

/**
 * A JSON call to a test server from the loopback address `from` (127.0.0.2, 127.0.0.3 ...), bound as the
 * socket's own end: the server sees that client address from the connection, trusting no header, as it
 * does in production without a reverse proxy.
 */
export function callFrom(
  from: string,
  url: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown; session?: string },
): Promise<TAddressedAnswer> {
  const target = new URL(`/v1${request.path}`, url)
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body)
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: request.method,
        localAddress: from,
        agent: false,
        headers: {
          'x-appwrite-project': 'parsedesk',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.session ? { 'x-appwrite-session': request.session } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} })
        })
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

const PASSWORD = 'correct horse battery'
let counter = 0

/** A new account, signed up from `from`; its email and password. */
export async function signUpFrom(from: string, url: string): Promise<{ email: string; password: string }> {
  const email = `fair${Date.now()}${++counter}@example.com`
  const answer = await callFrom(from, url, {
    method: 'POST',
    path: '/account',
    body: { userId: 'unique()', email, password: PASSWORD, name: 'Fair Share' },
  })
  if (answer.status !== 201)
    throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return { email, password: PASSWORD }
}

export function signInFrom(from: string, url: string, person: { email: string; password: string }) {
  return callFrom(from, url, { method: 'POST', path: '/account/sessions/email', body: person })
}
