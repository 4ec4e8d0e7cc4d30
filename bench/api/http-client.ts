import http from 'node:http'

export type THttpResponse = { status: number; body: string; bytes: number }

export type THttpClient = {
  request(options: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
    path: string
    headers?: Record<string, string>
    json?: unknown
  }): Promise<THttpResponse>
  close(): void
}

/**
 * A keep-alive client, as a browser or SDK holds its connections open; `maxSockets` bounds the
 * connections so N requests in flight use N sockets, not one fresh socket per request.
 */
export function createHttpClient(options: { baseUrl: string; maxSockets: number }): THttpClient {
  const base = new URL(options.baseUrl)
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets })
  return {
    request({ method, path, headers = {}, json }) {
      const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json))
      const allHeaders: Record<string, string | number> = { ...headers }
      if (payload) {
        allHeaders['content-type'] = 'application/json'
        allHeaders['content-length'] = payload.length
      }
      return new Promise((resolve, reject) => {
        const req = http.request(
          { agent, host: base.hostname, port: base.port, method, path, headers: allHeaders },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('error', reject)
            res.on('end', () => {
              const body = Buffer.concat(chunks)
              resolve({ status: res.statusCode ?? 0, body: body.toString('utf8'), bytes: body.length })
            })
          },
        )
        req.on('error', reject)
        req.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}
