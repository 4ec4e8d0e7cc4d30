import { type APIRequestContext, expect, type Locator, type Page, type Route } from '@playwright/test'

export type TPerson = { name: string; email: string; password: string }

export const PROJECT_HEADERS = { 'x-appwrite-project': 'parsedesk' }
export const TICKETS_PATH = '/v1/databases/main/collections/tickets/documents'

let people = 0

/** A new person per call, unique within one run. */
export function newPerson(label: string): TPerson {
  people += 1
  const tag = `${label}${people}${Date.now().toString(36)}`
  return { name: `Test ${label}`, email: `${tag}@acme-corp.example`, password: `pw-${tag}-long-enough` }
}

/**
 * Signs `person` up and in through the API, as the SDK does, where the sign-up form is not what a test is
 * about. The session cookie lands in `request`'s cookie jar: a browser context's `request` signs that
 * browser in.
 */
export async function signUpThroughApi(request: APIRequestContext, person: TPerson): Promise<string> {
  const created = await request.post('/v1/account', {
    headers: PROJECT_HEADERS,
    data: { userId: 'unique()', email: person.email, password: person.password, name: person.name },
  })
  expect(created.status(), await created.text()).toBe(201)
  const session = await request.post('/v1/account/sessions/email', {
    headers: PROJECT_HEADERS,
    data: { email: person.email, password: person.password },
  })
  expect(session.status(), await session.text()).toBe(201)
  return ((await created.json()) as { $id: string }).$id
}

/** A ticket filed through the API by whoever `request` is signed in as; resolves with its id. */
export async function createTicketThroughApi(
  request: APIRequestContext,
  data: { subject: string; body: string; email?: string; rawJson?: unknown },
): Promise<string> {
  const response = await request.post(TICKETS_PATH, {
    headers: PROJECT_HEADERS,
    data: { documentId: 'unique()', data: { email: 'customer@example.com', ...data } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { $id: string }).$id
}

export function rows(page: Page) {
  return page.locator('table[aria-label="Recent tickets"] tbody tr[data-ticket-id]')
}

export async function openDashboard(page: Page) {
  await page.goto('/tickets')
  await expect(page.getByRole('heading', { name: 'Support Dashboard' })).toBeVisible()
}

export function isAt(pathname: string) {
  return (url: URL) => url.pathname === pathname
}

/** The toast that shows `title` (the app keeps one on screen at a time). */
export function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast]', { hasText: title }).first()
}

export function visibleToasts(page: Page) {
  return page.locator('[data-sonner-toast][data-visible="true"]')
}

/** The length of an element's text, for messages whose wording comes from elsewhere (the server). */
export async function textLength(locator: Locator) {
  return ((await locator.textContent()) ?? '').length
}

export async function signUp(page: Page, person: TPerson) {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible()
  await page.getByLabel('Full Name').fill(person.name)
  await page.getByLabel('Email Address').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByLabel('Confirm Password').fill(person.password)
  await page.getByRole('button', { name: 'Start Free Trial' }).click()
  await expect(page).toHaveURL(isAt('/tickets'))
}

export async function signIn(page: Page, person: TPerson) {
  await page.goto('/auth')
  await page.getByLabel('Email Address').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/**
 * Holds back the next request that matches until `release()`, so a busy state stays on screen until the
 * test has seen it (no guessed delay).
 */
export async function holdNextRequest(
  page: Page,
  { method, pathname }: { method: string; pathname: string },
) {
  const matches = (url: URL) => url.pathname === pathname
  let isHeld = false
  const released = deferred()
  const passed = deferred()
  const handler = async (route: Route) => {
    if (isHeld || route.request().method() !== method) return route.fallback()
    isHeld = true
    await released.promise
    await route.fallback()
    passed.resolve()
  }
  await page.route(matches, handler)
  return {
    async release() {
      released.resolve()
      await passed.promise
      // Removed only once its handler is done, which would otherwise let the request through unhandled.
      await page.unroute(matches, handler)
    },
  }
}

type TProbe = {
  fetches: { method: string; path: string; isDone: boolean }[]
  messages: string[]
}

/**
 * Records inside the page, as they happen, every fetch it starts (and whether it has finished) and every
 * realtime message it receives. Read from the page itself, these are in the page's own order: a request an
 * event handler started is in the record by the time the handler's effect can be seen, which events
 * Playwright relays from the network do not promise.
 */
export async function installPageProbe(page: Page) {
  await page.addInitScript(() => {
    const probe: TProbe = { fetches: [], messages: [] }
    Object.defineProperty(window, '__probe', { value: probe })
    const realFetch = window.fetch.bind(window)
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
      const entry = {
        method: method.toUpperCase(),
        path: new URL(url, location.href).pathname,
        isDone: false,
      }
      probe.fetches.push(entry)
      return realFetch(input, init).finally(() => {
        entry.isDone = true
      })
    }
    const RealWebSocket = window.WebSocket
    window.WebSocket = class extends RealWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols)
        this.addEventListener('message', (event) => probe.messages.push(String(event.data)))
      }
    }
  })
}

export function readPageProbe(page: Page): Promise<TProbe> {
  return page.evaluate(() => (window as unknown as { __probe: TProbe }).__probe)
}

/** How many times the page asked for `method path` so far (its own record, see installPageProbe). */
export async function fetchCount(page: Page, method: string, path: string) {
  const { fetches } = await readPageProbe(page)
  return fetches.filter((fetch) => fetch.method === method && fetch.path === path).length
}
