import http from 'node:http'

export type TTracker = { origin: string; hits: string[]; stop(): Promise<void> }

/** A local server that only counts requests: anything an email's HTML manages to load shows up here. */
export function startTracker(): Promise<TTracker> {
  const hits: string[] = []
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'image/gif' })
    response.end()
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        origin: `http://127.0.0.1:${port}`,
        hits,
        stop: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}
