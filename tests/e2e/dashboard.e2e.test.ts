import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  delayNextRequest,
  gainsFocus,
  newPerson,
  signIn,
  signUp,
  type TPerson,
  visibleToastCount,
  waitForPath,
  waitForToast,
} from './support/app'
import { findAccessibilityViolations } from './support/axe'
import {
  hasChromium,
  launchChromium,
  openPage,
  PHONE,
  SKIP_REASON,
  saveScreenshot,
  type TBrowserLog,
} from './support/browser'
import { startParsedesk, type TParsedesk } from './support/server'
import { startTracker, type TTracker } from './support/tracker'

const TICKETS_PATH = '/v1/databases/main/collections/tickets/documents'
const FAKE_SUBJECTS = [
  'Unable to log in to my account',
  'Payment failing at checkout',
  'Feature request: dark mode',
  'App crashes on launch',
  'Account locked after failed login attempts',
  'Password reset link not working',
  'Verification email never arrived',
  'Unable to update my profile',
  'Question about subscription renewal',
  'App is very slow',
]

function isTicketList(url: URL) {
  return url.pathname === TICKETS_PATH
}

function rows(page: Page) {
  return page.locator('table[aria-label="Recent tickets"] tbody tr[data-ticket-id]')
}

async function createTicket(page: Page, { subject, body }: { subject: string; body: string }) {
  await page.getByLabel('Your Email').fill('customer@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Message').fill(body)
  await page.getByRole('button', { name: 'Submit Ticket' }).click()
  await waitForToast(page, 'Email ticket submitted successfully')
}

describe.skipIf(!hasChromium)(`Support Dashboard${hasChromium ? '' : ` (${SKIP_REASON})`}`, () => {
  let server: TParsedesk
  let browser: Browser
  let tracker: TTracker
  let context: BrowserContext
  let page: Page
  let log: TBrowserLog
  const owner: TPerson = newPerson('owner')

  beforeAll(async () => {
    ;[server, browser, tracker] = await Promise.all([startParsedesk(), launchChromium(), startTracker()])
    ;({ context, page, log } = await openPage(browser))
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await tracker?.stop()
  })

  it('signs up, lands on /tickets and shows the empty state', async () => {
    await page.goto(`${server.url}/auth`)
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    await page.getByText('Sign in to access your support dashboard').waitFor()
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor()
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.getByText('Start your free trial and automate your helpdesk').waitFor()
    expect(await page.getByLabel('Full Name').getAttribute('placeholder')).toBeTruthy()
    await saveScreenshot(page, 'auth-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    await delayNextRequest(page, { method: 'POST', pathname: '/v1/account' })
    const signingUp = signUp(page, server.url, owner)
    const busy = page.getByRole('button', { name: 'Creating Account...' })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    await signingUp
    const toast = await waitForToast(page, 'Account created successfully!')
    expect(await toast.textContent()).toMatch(/redirect/i)
    await page.getByRole('heading', { name: 'Support Dashboard' }).waitFor()
    await page.getByText('Recent Tickets').waitFor()
    await page.getByText('View and manage your support tickets').waitFor()
    await page.getByText('No tickets have been created yet.').waitFor()
    const headers = await page.locator('table[aria-label="Recent tickets"] thead th').allTextContents()
    expect(headers).toEqual(['ID', 'Subject', 'Email', 'Status', 'Priority', 'Processing', 'Created'])
    await page.getByText("Submit your support request and we'll get back to you shortly").waitFor()
    expect(await page.getByLabel('Your Email').getAttribute('placeholder')).toBe(owner.email)
    expect(await page.getByLabel('Subject').getAttribute('placeholder')).toBe(
      'Brief description of your issue',
    )
    const message = page.getByLabel('Message')
    expect(await message.getAttribute('placeholder')).toBe('Please provide details about your issue...')
    expect(await message.evaluate((el) => getComputedStyle(el).minHeight)).toBe('150px')
    await page.getByRole('button', { name: 'Logout' }).waitFor()
  })

  it('refuses an incomplete ticket with the spec message', async () => {
    await page.getByLabel('Subject').fill('Only a subject')
    await page.getByRole('button', { name: 'Submit Ticket' }).click()
    const toast = await waitForToast(page, 'Failed to submit ticket')
    expect(await toast.textContent()).toContain('Please fill in all fields')
    await page.getByRole('alert').filter({ hasText: 'Please fill in all fields' }).waitFor()
    await page.getByLabel('Subject').fill('')
  })

  it('generates fake data, submits it, and follows its processing to the analysis', async () => {
    await page.getByRole('button', { name: 'Generate Fake Data' }).click()
    const subject = await page.getByLabel('Subject').inputValue()
    expect(FAKE_SUBJECTS).toContain(subject)
    expect(await page.getByLabel('Your Email').inputValue()).toMatch(/@example\.(com|org|net)$/)
    expect((await page.getByLabel('Message').inputValue()).length).toBeGreaterThan(20)

    await page.getByRole('button', { name: 'Submit Ticket' }).click()
    const toast = await waitForToast(page, 'Email ticket submitted successfully')
    expect(await toast.textContent()).toContain('Your support request has been received.')
    expect(await page.getByLabel('Subject').inputValue()).toBe('')

    const row = rows(page).filter({ hasText: subject })
    await row.waitFor()
    expect(await row.locator('[data-slot="badge"]').first().textContent()).toBe('open')
    expect(await row.locator('td').last().textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/,
    )
    await row.getByText('completed').waitFor({ timeout: 60_000 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'dashboard-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])
    expect(
      await row
        .locator('[data-tone]')
        .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-tone'))),
    ).toHaveLength(3)

    await row.click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    await dialog.waitFor()
    await dialog.getByText('View the complete information for this support ticket').waitFor()
    await dialog.getByText(subject).first().waitFor()
    await dialog.getByText('Ticket Analysis').waitFor()
    await dialog.getByText('AI Generated').waitFor()
    await dialog.getByText('Ticket Body').waitFor()
    expect(await dialog.getByRole('button', { name: 'Show Raw JSON' }).isDisabled()).toBe(true)
    await saveScreenshot(page, 'ticket-details-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  })

  it('opens a ticket from the keyboard, keeps focus inside the dialog and gives it back on close', async () => {
    const subjectButton = rows(page).first().getByRole('button')
    await subjectButton.focus()
    // The element itself, so a row arriving meanwhile cannot stand in for it below.
    const trigger = await subjectButton.elementHandle()
    expect(await subjectButton.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    await dialog.waitFor()
    expect(await dialog.evaluate((el) => el === document.activeElement)).toBe(true)
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(trigger && (await gainsFocus(page, trigger))).toBe(true)
  })

  it('shows a change made elsewhere at once through realtime, with no poll running', async () => {
    const unfinished = page.locator('tbody [data-slot="badge"]', { hasText: /^(waiting|processing)$/ })
    await expect.poll(() => unfinished.count(), { timeout: 60_000 }).toBe(0)
    // Let the completion's own realtime event and refetch settle before watching for polls.
    await page.waitForTimeout(1000)
    const listRequests: string[] = []
    page.on('request', (request) => {
      if (isTicketList(new URL(request.url())) && request.method() === 'GET') listRequests.push(request.url())
    })
    await page.waitForTimeout(3000)
    expect(listRequests).toEqual([])

    const other = await context.newPage()
    await other.goto(`${server.url}/tickets`)
    await other.getByRole('heading', { name: 'Support Dashboard' }).waitFor()
    await createTicket(other, {
      subject: 'Invoice shows the wrong VAT number',
      body: 'Our invoice lists an old VAT id.',
    })
    await rows(page).filter({ hasText: 'Invoice shows the wrong VAT number' }).waitFor({ timeout: 5000 })
    expect(listRequests.length).toBeGreaterThan(0)
    await other.close()
  })

  it('signed up, worked tickets and followed them live within the security policy of its pages', () => {
    expect(log.console.filter((line) => /Content Security Policy/i.test(line))).toEqual([])
  })

  it('renders an HtmlBody only sanitised, in a sandboxed frame that loads nothing remote', async () => {
    const html = [
      '<h1 id="greeting">Hello <b>from email</b></h1>',
      '<script>window.parent.__pwned = true</script>',
      `<img id="pixel" src="${tracker.origin}/pixel.gif">`,
      `<div style="background:url(${tracker.origin}/bg.gif)">styled</div>`,
      `<a id="link" href="${tracker.origin}/click">click</a>`,
      '<img src=x onerror="window.parent.__pwned = true">',
    ].join('')
    const rawJson = JSON.stringify({ From: 'customer@example.com', Subject: 'With HTML', HtmlBody: html })
    // The dialog reads the whole ticket when it opens: that answer gets the raw source.
    const isOneTicket = (url: URL) => url.pathname.startsWith(`${TICKETS_PATH}/`)
    const injectRawJson = async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback()
      const response = await route.fetch()
      await route.fulfill({ response, json: { ...(await response.json()), rawJson } })
    }
    await page.route(isOneTicket, injectRawJson)
    await rows(page).first().click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const toggle = dialog.getByRole('button', { name: 'Show Raw JSON' })
    await vi.waitFor(async () => expect(await toggle.isDisabled()).toBe(false))
    await toggle.click()
    const raw = dialog.getByTestId('raw-json')
    await raw.waitFor()
    expect(await raw.textContent()).toContain('"Subject": "With HTML"')
    expect(await raw.locator('mark').textContent()).toContain('"HtmlBody":')
    expect(await raw.evaluate((el) => getComputedStyle(el.parentElement as Element).maxHeight)).toBe('240px')

    const frameElement = dialog.locator('iframe')
    expect(await frameElement.getAttribute('sandbox')).toBe('')
    const frame = await (await frameElement.elementHandle())?.contentFrame()
    expect(frame).toBeTruthy()
    await frame?.locator('#greeting b').waitFor()
    expect(await frame?.locator('script').count()).toBe(0)
    expect(await frame?.locator('#pixel').getAttribute('src')).toBeNull()
    expect(await frame?.locator('#link').getAttribute('href')).toBeNull()
    expect(await frame?.locator('[onerror]').count()).toBe(0)
    await page.waitForTimeout(1000)
    expect(tracker.hits).toEqual([])
    // A remote load that slipped through the sanitiser (a CSS url) is still stopped by both policies.
    expect(
      log.console.some((line) => line.includes('bg.gif') && line.includes('Content Security Policy')),
    ).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()
    await dialog.getByRole('button', { name: 'Hide Raw JSON' }).click()
    await raw.waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
    await page.unroute(isOneTicket, injectRawJson)
  })

  it('lists tickets whose raw sources together outweigh one answer, and opens each whole', async () => {
    const subjects = ['Heavy raw source one', 'Heavy raw source two']
    const created = await page.evaluate(
      async ({ path, subjects }) => {
        const ids: string[] = []
        for (const subject of subjects) {
          const response = await fetch(path, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json', 'x-appwrite-project': 'parsedesk' },
            body: JSON.stringify({
              documentId: 'unique()',
              data: {
                email: 'big@example.com',
                subject,
                body: 'big',
                rawJson: { TextBody: 'x'.repeat(3_000_000) },
              },
            }),
          })
          if (!response.ok) throw new Error(await response.text())
          ids.push(((await response.json()) as { $id: string }).$id)
        }
        return ids
      },
      { path: TICKETS_PATH, subjects },
    )
    for (const subject of subjects) await rows(page).filter({ hasText: subject }).waitFor()
    await rows(page).filter({ hasText: subjects[0] }).click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const toggle = dialog.getByRole('button', { name: 'Show Raw JSON' })
    await vi.waitFor(async () => expect(await toggle.isDisabled()).toBe(false))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    // The later tests count the rows they expect.
    await page.evaluate(
      async ({ path, ids }) => {
        for (const id of ids) {
          await fetch(`${path}/${id}`, {
            method: 'DELETE',
            credentials: 'include',
            headers: { 'content-type': 'application/json', 'x-appwrite-project': 'parsedesk' },
            body: '{}',
          })
        }
      },
      { path: TICKETS_PATH, ids: created },
    )
    for (const subject of subjects)
      await rows(page).filter({ hasText: subject }).waitFor({ state: 'detached' })
  })

  it('deletes a ticket from its dialog', async () => {
    const subject = 'Invoice shows the wrong VAT number'
    await rows(page).filter({ hasText: subject }).click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const ticketId = await rows(page).filter({ hasText: subject }).getAttribute('data-ticket-id')
    await delayNextRequest(page, { method: 'DELETE', pathname: `${TICKETS_PATH}/${ticketId}` })
    await dialog.getByRole('button', { name: 'Delete Ticket' }).click()
    const deleting = dialog.getByRole('button', { name: 'Deleting...' })
    await deleting.waitFor()
    expect(await deleting.isDisabled()).toBe(true)
    await waitForToast(page, 'Ticket deleted successfully')
    await dialog.waitFor({ state: 'hidden' })
    await rows(page).filter({ hasText: subject }).waitFor({ state: 'detached' })
    expect(await rows(page).count()).toBe(1)
    expect(await visibleToastCount(page)).toBe(1)
  })

  it('shows nothing of it to another user, in another browser context', async () => {
    const { context: otherContext, page: otherPage } = await openPage(browser, { viewport: PHONE })
    await signUp(otherPage, server.url, newPerson('stranger'))
    await otherPage.getByText('No tickets have been created yet.').waitFor()
    const seen = await otherPage.evaluate(async (path) => {
      const response = await fetch(path, {
        headers: { 'x-appwrite-project': 'parsedesk' },
        credentials: 'include',
      })
      return (await response.json()).total
    }, TICKETS_PATH)
    expect(seen).toBe(0)
    await createTicket(otherPage, { subject: 'A stranger ticket', body: 'Not yours.' })
    await rows(otherPage).first().waitFor()
    await otherPage.evaluate(() => window.scrollTo(0, 0))
    for (const width of [375, 360]) {
      await otherPage.setViewportSize({ width, height: 812 })
      const overflow = await otherPage.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow).toBe(0)
    }
    await saveScreenshot(otherPage, 'dashboard-phone')
    await rows(otherPage).first().getByRole('button').click()
    await otherPage.getByRole('dialog', { name: 'Ticket Details' }).waitFor()
    await saveScreenshot(otherPage, 'ticket-details-phone')
    await otherContext.close()
    await page.waitForTimeout(1500)
    expect(await rows(page).filter({ hasText: 'A stranger ticket' }).count()).toBe(0)
  })

  it('shows the error state when the list fails, and Retry recovers', async () => {
    const failList = (route: Route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            json: {
              message: 'The database is unavailable',
              code: 500,
              type: 'general_server_error',
              version: '1.9.0',
            },
          })
        : route.fallback()
    await page.route(isTicketList, failList)
    await page.reload()
    await page.getByText('Error loading tickets').waitFor()
    await page.getByText('The database is unavailable').waitFor()
    await page.unroute(isTicketList, failList)
    await page.getByRole('button', { name: 'Retry' }).click()
    await rows(page).first().waitFor()
    expect(await page.getByText('Error loading tickets').count()).toBe(0)
  })

  it('logs out through the confirmation dialog, back to /', async () => {
    await page.getByRole('button', { name: 'Logout' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Logout' })
    await confirm.getByText('Are you sure you want to logout?').waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/tickets')

    await page.getByRole('button', { name: 'Logout' }).click()
    await confirm.getByRole('button', { name: 'Logout' }).click()
    await waitForPath(page, '/')
    await waitForToast(page, 'Logged out successfully')
    await page.locator('header').getByRole('link', { name: 'Get Started' }).waitFor()
  })

  it('sends a signed-out visit to /tickets to /auth, and signs back in', async () => {
    await page.goto(`${server.url}/tickets`)
    await waitForPath(page, '/auth')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.getByLabel('Full Name').fill('Someone Else')
    await page.getByLabel('Email Address').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await page.getByLabel('Confirm Password').fill(owner.password)
    await page.getByRole('button', { name: 'Start Free Trial' }).click()
    const taken = await waitForToast(page, 'Failed to create account')
    expect((await taken.textContent())?.length).toBeGreaterThan('Failed to create account'.length)
    expect(new URL(page.url()).pathname).toBe('/auth')
    await signIn(page, server.url, { ...owner, password: 'not-the-password' })
    const failed = await waitForToast(page, 'Failed to sign in')
    expect((await failed.textContent())?.length).toBeGreaterThan('Failed to sign in'.length)
    await delayNextRequest(page, { method: 'POST', pathname: '/v1/account/sessions/email' })
    await signIn(page, server.url, owner)
    const signingIn = page.getByRole('button', { name: 'Signing In...' })
    await signingIn.waitFor()
    expect(await signingIn.isDisabled()).toBe(true)
    const toast = await waitForToast(page, 'Signed in successfully!')
    expect(await toast.textContent()).toContain('Welcome back! Redirecting to dashboard...')
    await waitForPath(page, '/tickets')
    await rows(page).first().waitFor()
    await page.goto(`${server.url}/`)
    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await waitForPath(page, '/tickets')
  })
})
