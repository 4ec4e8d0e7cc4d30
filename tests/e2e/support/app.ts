import type { ElementHandle, Locator, Page, Route } from 'playwright-core'

export type TPerson = { name: string; email: string; password: string }

let people = 0

/** A new person per call, unique within one run. */
export function newPerson(label: string): TPerson {
  people += 1
  const tag = `${label}${people}${Date.now().toString(36)}`
  return { name: `Test ${label}`, email: `${tag}@acme-corp.example`, password: `pw-${tag}-long-enough` }
}

/** Whether `element` has the focus or gets it within `timeoutMs` (a closing dialog gives it back after its exit). */
export async function gainsFocus(
  page: Page,
  element: ElementHandle | Locator,
  timeoutMs = 2000,
): Promise<boolean> {
  const handle = 'elementHandle' in element ? await element.elementHandle() : element
  return page
    .waitForFunction((el) => el === document.activeElement, handle, { timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    )
}

export function waitForPath(page: Page, pathname: string) {
  return page.waitForURL((url) => url.pathname === pathname)
}

/** Resolves with the toast that shows `title`, once it is on screen. */
export async function waitForToast(page: Page, title: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: title })
  await toast.first().waitFor({ state: 'visible' })
  return toast.first()
}

export async function visibleToastCount(page: Page) {
  return page.locator('[data-sonner-toast][data-visible="true"]').count()
}

export async function signUp(page: Page, baseUrl: string, person: TPerson) {
  await page.goto(`${baseUrl}/auth`)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await page.getByRole('heading', { name: 'Create Your Account' }).waitFor()
  await page.getByLabel('Full Name').fill(person.name)
  await page.getByLabel('Email Address').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByLabel('Confirm Password').fill(person.password)
  await page.getByRole('button', { name: 'Start Free Trial' }).click()
  await waitForPath(page, '/tickets')
}

export async function signIn(page: Page, baseUrl: string, person: TPerson) {
  await page.goto(`${baseUrl}/auth`)
  await page.getByLabel('Email Address').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** Holds back the next request that matches, so a busy state stays on screen long enough to be seen. */
export async function delayNextRequest(
  page: Page,
  { method, pathname, ms = 1000 }: { method: string; pathname: string; ms?: number },
) {
  const matches = (url: URL) => url.pathname === pathname
  let isDone = false
  const handler = async (route: Route) => {
    if (isDone || route.request().method() !== method) return route.fallback()
    isDone = true
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.fallback()
    // Removing the route while its handler still ran would let the request through at once.
    await page.unroute(matches, handler)
  }
  await page.route(matches, handler)
}
