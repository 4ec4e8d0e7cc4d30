/**
 * What a browser really transfers, against a real server with 200 tickets: the bytes per route as Chromium
 * fetches them (compressed, as sent; and again asking for no compression, for comparison), the layout
 * shift of `/tickets` while its rows arrive, and the bytes an open dashboard receives per new ticket
 * (realtime frames and any HTTP reads they cause). `npx tsx bench/web/transfer.ts` (needs apps/web/dist and
 * /usr/bin/chromium).
 */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { startTestServer } from '../../apps/server/src/testing/test-server'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TICKETS = '/v1/databases/main/collections/tickets/documents'
const HEADERS = { 'x-appwrite-project': 'parsedesk' }
const TICKET_COUNT = 200
const NEW_TICKETS = 5
const ROUTES = ['/', '/auth', '/tickets', '/settings/workspace']

const server = await startTestServer({ database: 'pglite', webDistDir: path.join(repoRoot, 'apps/web/dist') })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })

async function signedInContext(acceptEncoding?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
  })
  return context
}

/** Everything the page fetched over HTTP until the network went quiet: body bytes as sent, plus headers. */
async function bytesOf(page: Page, route: string): Promise<number> {
  let total = 0
  const counting: Promise<void>[] = []
  page.on('requestfinished', (request) => {
    counting.push(
      request.sizes().then((sizes) => {
        total += sizes.responseBodySize + sizes.responseHeadersSize
      }),
    )
  })
  await page.goto(route, { waitUntil: 'networkidle' })
  await Promise.all(counting)
  return total
}

const owner = await signedInContext()
const email = `bench${Date.now()}@example.com`
const password = 'correct horse battery'
const signUp = await owner.request.post('/v1/account', {
  headers: HEADERS,
  data: { userId: 'unique()', email, password, name: 'Bench Reader' },
})
if (!signUp.ok()) throw new Error(await signUp.text())
await owner.request.post('/v1/account/sessions/email', { headers: HEADERS, data: { email, password } })
const body =
  'Hello, my order has not arrived and the tracking page shows no movement since last week. '.repeat(8)
for (let i = 0; i < TICKET_COUNT; i++) {
  const created = await owner.request.post(TICKETS, {
    headers: HEADERS,
    data: {
      documentId: 'unique()',
      data: { email: `customer${i}@example.com`, subject: `Order ${1000 + i} late`, body },
    },
  })
  if (!created.ok()) throw new Error(await created.text())
}
// Settled first: a list holding unanalysed tickets reads itself again every 2 s (spec, section 9).
for (let tries = 0; ; tries++) {
  const list = await owner.request.get(
    `${TICKETS}?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'notEqual', attribute: 'processing_status', values: ['completed'] }))}&queries[1]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [1] }))}`,
    { headers: HEADERS },
  )
  if (((await list.json()) as { total: number }).total === 0) break
  if (tries > 600) throw new Error('the analyses did not finish')
  await new Promise((resolve) => setTimeout(resolve, 200))
}

const cookies = await owner.cookies()

/** A route in a fresh browser context (empty cache), signed in as the owner. */
async function measureRoute(route: string, acceptEncoding?: string): Promise<number> {
  const context = await signedInContext(acceptEncoding)
  await context.addCookies(cookies)
  const bytes = await bytesOf(await context.newPage(), route)
  await context.close()
  return bytes
}

console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, node ${process.version}`,
)
console.log(`KB transferred per route, first visit (empty cache), signed in, ${TICKET_COUNT} tickets:`)
console.log(`${'route'.padEnd(22)} compressed  uncompressed`)
for (const route of ROUTES) {
  const packed = await measureRoute(route)
  const unpacked = await measureRoute(route, 'identity')
  console.log(
    `${route.padEnd(22)} ${(packed / 1024).toFixed(1).padStart(10)}  ${(unpacked / 1024).toFixed(1).padStart(12)}`,
  )
}

// The layout shift of /tickets, summed as Chrome's CLS counts it (shifts without recent input).
const page = await owner.newPage()
await page.addInitScript(() => {
  const state = window as unknown as { __cls: number }
  state.__cls = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number
      hadRecentInput: boolean
    })[]) {
      if (!entry.hadRecentInput) state.__cls += entry.value
    }
  }).observe({ type: 'layout-shift', buffered: true })
})
let socketBytes = 0
page.on('websocket', (socket) =>
  socket.on('framereceived', (frame) => (socketBytes += Buffer.byteLength(frame.payload))),
)
let httpBytes = 0
page.on('requestfinished', (request) => {
  void request.sizes().then((sizes) => (httpBytes += sizes.responseBodySize + sizes.responseHeadersSize))
})
await page.goto('/tickets', { waitUntil: 'networkidle' })
await page.locator('table[aria-label="Recent tickets"] tbody tr[data-ticket-id]').nth(49).waitFor()
const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
console.log(
  `/tickets CLS with ${TICKET_COUNT} tickets (first page of 50 rows): ${cls.toFixed(3)} (aim: under 0.1)`,
)

// Per new ticket, filed elsewhere and analysed by the worker: what the open dashboard receives.
await page.waitForTimeout(500)
const socketBefore = socketBytes
const httpBefore = httpBytes
for (let i = 0; i < NEW_TICKETS; i++) {
  const created = await owner.request.post(TICKETS, {
    headers: HEADERS,
    data: { documentId: 'unique()', data: { email: 'new@example.com', subject: `New ticket ${i}`, body } },
  })
  const { $id } = (await created.json()) as { $id: string }
  await page.locator(`tr[data-ticket-id="${$id}"]`).getByText('completed').waitFor({ timeout: 60_000 })
}
await page.waitForLoadState('networkidle')
console.log(
  `open dashboard, per new ticket (created and analysed): ${((socketBytes - socketBefore) / NEW_TICKETS / 1024).toFixed(1)} KB of realtime frames, ${((httpBytes - httpBefore) / NEW_TICKETS / 1024).toFixed(1)} KB over HTTP`,
)

await browser.close()
await server.stop()
