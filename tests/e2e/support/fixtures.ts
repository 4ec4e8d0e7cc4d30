import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test'
import { newPerson, signUpThroughApi, type TPerson } from './app'
import { createBrowserLog, type TBrowserLog } from './browser'
import { startParsedesk, type TParsedesk } from './server'
import { startTracker, type TTracker } from './tracker'

type TWorkerFixtures = {
  /** Environment for this worker's server; a file that needs another sets it with `test.use`. */
  serverEnv: Record<string, string>
  /** The roles the worker's server runs (`--role`); all three unless a file needs fewer. */
  serverRoles: string
  /** One real server process per worker (startServerProcess), on a fresh database. */
  parsedesk: TParsedesk
}

type TTestFixtures = {
  /** What the server wrote during a test, attached to the report when the test fails. */
  serverOutput: undefined
  /** This test's own client address, sent as X-Forwarded-For by its browsers and API requests. */
  clientIp: string
  /** Everything the test's pages printed and threw; an uncaught error or a CSP report fails the test. */
  log: TBrowserLog
  /** A local server that only counts requests: anything an email's HTML manages to load shows up here. */
  tracker: TTracker
  /** A new person, signed up through the API and signed in in `context` (the `page`'s browser). */
  signedIn: TPerson
  /** Another browser (its own cookies and storage, like another person's), watched by `log`. */
  openBrowser(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>
}

let clients = 0

export const test = base.extend<TTestFixtures, TWorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  serverRoles: ['http,smtp,worker', { scope: 'worker', option: true }],
  parsedesk: [
    async ({ serverEnv, serverRoles }, use) => {
      const server = await startParsedesk({ env: serverEnv, roles: serverRoles })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ parsedesk }, use) => use(parsedesk.url),
  serverOutput: [
    async ({ parsedesk }, use, testInfo) => {
      const before = parsedesk.output()
      await use(undefined)
      if (testInfo.status === testInfo.expectedStatus) return
      const output = parsedesk.output()
      const during = output.startsWith(before) ? output.slice(before.length) : output
      await testInfo.attach('server output', { body: during || '(nothing)', contentType: 'text/plain' })
    },
    { auto: true },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern
  clientIp: async ({}, use, testInfo) => {
    clients += 1
    await use(`10.${testInfo.workerIndex % 256}.${(clients >> 8) % 256}.${clients % 256}`)
  },
  extraHTTPHeaders: async ({ clientIp }, use) => use({ 'x-forwarded-for': clientIp }),

  log: [
    async ({ context }, use) => {
      const log = createBrowserLog()
      log.watch(context)
      await use(log)
      expect(log.errors, 'errors thrown in a page').toEqual([])
      expect(log.unexpectedPolicyReports(), 'Content Security Policy reports').toEqual([])
    },
    { auto: true },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern
  tracker: async ({}, use) => {
    const tracker = await startTracker()
    await use(tracker)
    await tracker.stop()
  },

  signedIn: async ({ context }, use) => {
    const person = newPerson('owner')
    await signUpThroughApi(context.request, person)
    await use(person)
  },

  openBrowser: async ({ browser, log }, use) => {
    const contexts: BrowserContext[] = []
    await use(async (options = {}) => {
      // The config's context options (viewport, locale, client address...) apply here too.
      const context = await browser.newContext(options)
      contexts.push(context)
      log.watch(context)
      return { context, page: await context.newPage() }
    })
    for (const context of contexts) await context.close()
  },
})

export { expect }
