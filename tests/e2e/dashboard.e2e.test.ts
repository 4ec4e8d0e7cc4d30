import type { Page, Route } from '@playwright/test'
import {
  createTicketThroughApi,
  fetchCount,
  holdNextRequest,
  installPageProbe,
  isAt,
  newPerson,
  openDashboard,
  PROJECT_HEADERS,
  readPageProbe,
  rows,
  signIn,
  signUp,
  signUpThroughApi,
  TICKETS_PATH,
  textLength,
  toast,
  visibleToasts,
} from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'

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

async function createTicket(page: Page, { subject, body }: { subject: string; body: string }) {
  await page.getByLabel('Your Email').fill('customer@example.com')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Message').fill(body)
  await page.getByRole('button', { name: 'Submit Ticket' }).click()
  await expect(toast(page, 'Email ticket submitted successfully')).toBeVisible()
}

function ticketDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Ticket Details' })
}

test.skip(!hasChromium, SKIP_REASON)

test.describe('Support Dashboard', () => {
  test('signs up, lands on /tickets and shows the empty state', async ({ page }) => {
    const person = newPerson('owner')
    await page.goto('/auth')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await expect(page.getByText('Sign in to access your support dashboard')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(page.getByText('Start your free trial and automate your helpdesk')).toBeVisible()
    await expect(page.getByLabel('Full Name')).toHaveAttribute('placeholder', /.+/)
    await saveScreenshot(page, 'auth-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    const held = await holdNextRequest(page, { method: 'POST', pathname: '/v1/account' })
    const signingUp = signUp(page, person)
    const busy = page.getByRole('button', { name: 'Creating Account...' })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    await held.release()
    await signingUp
    await expect(toast(page, 'Account created successfully!')).toContainText(/redirect/i)
    await expect(page.getByRole('heading', { name: 'Support Dashboard' })).toBeVisible()
    await expect(page.getByText('Recent Tickets')).toBeVisible()
    await expect(page.getByText('View and manage your support tickets')).toBeVisible()
    await expect(page.getByText('No tickets have been created yet.')).toBeVisible()
    // The first column holds the selection's checkboxes (labelled for screen readers, no visible text).
    await expect(page.locator('table[aria-label="Recent tickets"] thead th')).toHaveText([
      '',
      'ID',
      'Subject',
      'Email',
      'Status',
      'Priority',
      'Processing',
      'Created',
    ])
    await expect(
      page.getByText("Submit your support request and we'll get back to you shortly"),
    ).toBeVisible()
    await expect(page.getByLabel('Your Email')).toHaveAttribute('placeholder', person.email)
    await expect(page.getByLabel('Subject')).toHaveAttribute('placeholder', 'Brief description of your issue')
    const message = page.getByLabel('Message')
    await expect(message).toHaveAttribute('placeholder', 'Please provide details about your issue...')
    await expect(message).toHaveCSS('min-height', '150px')
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  })

  test('refuses an incomplete ticket with the spec message', async ({ page, signedIn: _ }) => {
    await openDashboard(page)
    await page.getByLabel('Subject').fill('Only a subject')
    await page.getByRole('button', { name: 'Submit Ticket' }).click()
    // Said once, under the form; the toast's title is for a create that failed.
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all fields' })).toBeVisible()
    await expect(page.getByText('Please fill in all fields')).toHaveCount(1)
    await expect(toast(page, 'Failed to submit ticket')).toHaveCount(0)
  })

  test('generates fake data, submits it, and follows its processing to the analysis', async ({
    page,
    signedIn: _,
  }) => {
    await openDashboard(page)
    await page.getByRole('button', { name: 'Generate Fake Data' }).click()
    const subjectField = page.getByLabel('Subject')
    await expect(subjectField).not.toHaveValue('')
    const subject = await subjectField.inputValue()
    expect(FAKE_SUBJECTS).toContain(subject)
    await expect(page.getByLabel('Your Email')).toHaveValue(/@example\.(com|org|net)$/)
    await expect(page.getByLabel('Message')).toHaveValue(/^[\s\S]{21,}$/)

    await page.getByRole('button', { name: 'Submit Ticket' }).click()
    await expect(toast(page, 'Email ticket submitted successfully')).toContainText(
      'Your support request has been received.',
    )
    await expect(subjectField).toHaveValue('')

    const row = rows(page).filter({ hasText: subject })
    await expect(row.locator('[data-slot="badge"]').first()).toHaveText('open')
    await expect(row.locator('td').last()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/)
    await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'dashboard-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await expect(row.locator('[data-tone]')).toHaveCount(3)

    await row.click()
    const dialog = ticketDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('View the complete information for this support ticket')).toBeVisible()
    await expect(dialog.getByText(subject).first()).toBeVisible()
    await expect(dialog.getByText('Ticket Analysis')).toBeVisible()
    await expect(dialog.getByText('AI Generated')).toBeVisible()
    await expect(dialog.getByText('Ticket Body')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Show Raw JSON' })).toBeDisabled()
    await saveScreenshot(page, 'ticket-details-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('opens a ticket from the keyboard, keeps focus inside the dialog and gives it back on close', async ({
    page,
    context,
    signedIn: _,
  }) => {
    const ticketId = await createTicketThroughApi(context.request, {
      subject: 'Keyboard only',
      body: 'Opened without a mouse.',
    })
    await openDashboard(page)
    // This ticket's own row, so no other row can stand in for it below; analysed, so the dialog holds still.
    const row = page.locator(`tr[data-ticket-id="${ticketId}"]`)
    await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 })
    const subjectButton = row.getByRole('button')
    await subjectButton.focus()
    await expect(subjectButton).toBeFocused()
    await expect(subjectButton).not.toHaveCSS('box-shadow', 'none')
    await page.keyboard.press('Enter')
    const dialog = ticketDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toBeFocused()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // A closing dialog gives the focus back after its exit.
    await expect(subjectButton).toBeFocused({ timeout: 2000 })
  })

  test('shows a change made elsewhere at once through realtime, with no poll running', async ({
    page,
    context,
    signedIn: _,
  }) => {
    await installPageProbe(page)
    // Timers under the test's control: the list's 2 s poll, if one ran, fires when the clock is run on.
    await page.clock.install()
    await openDashboard(page)
    await expect(page.getByText('No tickets have been created yet.')).toBeVisible()
    // Subscribed (the server answered the subscription) before anything happens that it should hear of.
    await expect
      .poll(async () => (await readPageProbe(page)).messages.some((m) => m.includes('"type":"response"')))
      .toBe(true)

    await createTicket(page, { subject: 'Watched until analysed', body: 'Analyse me, then go quiet.' })
    const row = rows(page).filter({ hasText: 'Watched until analysed' })
    await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 })
    const ticketId = (await row.getAttribute('data-ticket-id')) ?? ''
    // Settled: the completion's realtime message has arrived and every read it caused has finished.
    await expect
      .poll(async () => {
        const probe = await readPageProbe(page)
        const hasCompletion = probe.messages.some((m) => m.includes(ticketId) && m.includes('"completed"'))
        return hasCompletion && probe.fetches.every((fetch) => fetch.isDone)
      })
      .toBe(true)

    const readsBefore = await fetchCount(page, 'GET', TICKETS_PATH)
    // Five refresh intervals' worth of timers, fired now: a poll still running would read the list.
    await page.clock.runFor(10_000)
    expect(await fetchCount(page, 'GET', TICKETS_PATH)).toBe(readsBefore)
    const messagesBefore = (await readPageProbe(page)).messages.length

    const other = await context.newPage()
    await openDashboard(other)
    await createTicket(other, {
      subject: 'Invoice shows the wrong VAT number',
      body: 'Our invoice lists an old VAT id.',
    })
    await expect(rows(page).filter({ hasText: 'Invoice shows the wrong VAT number' })).toBeVisible({
      timeout: 5000,
    })
    // The realtime message itself put the row in: the list was not read again.
    expect(await fetchCount(page, 'GET', TICKETS_PATH)).toBe(readsBefore)
    expect((await readPageProbe(page)).messages.length).toBeGreaterThan(messagesBefore)
  })

  test('renders an HtmlBody only sanitised, in a sandboxed frame that loads nothing remote', async ({
    page,
    context,
    tracker,
    log,
    signedIn: _,
  }) => {
    await createTicketThroughApi(context.request, { subject: 'With HTML', body: 'See the HTML part.' })
    const html = [
      '<h1 id="greeting">Hello <b>from email</b></h1>',
      '<script>window.parent.__pwned = true</script>',
      `<img id="pixel" src="${tracker.origin}/pixel.gif">`,
      `<div style="background:url(${tracker.origin}/bg.gif)">styled</div>`,
      `<a id="link" href="${tracker.origin}/click">click</a>`,
      '<a id="script-link" href="javascript:window.parent.__pwned = true">prize</a>',
      '<img src=x onerror="window.parent.__pwned = true">',
    ].join('')
    const rawJson = JSON.stringify({ From: 'customer@example.com', Subject: 'With HTML', HtmlBody: html })
    // The dialog reads the whole ticket when it opens: that answer gets the raw source.
    const isOneTicket = (url: URL) => url.pathname.startsWith(`${TICKETS_PATH}/`)
    await page.route(isOneTicket, async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback()
      const response = await route.fetch()
      await route.fulfill({ response, json: { ...(await response.json()), rawJson } })
    })
    // Reports this email provokes: the CSS url that gets past the sanitiser, refused by both policies; and
    // its onerror attribute, which Chromium reports as soon as the sanitiser parses it in an inert document
    // (nothing runs: see __pwned below).
    log.expectPolicyReport(/bg\.gif/)
    log.expectPolicyReport(/^error: Executing inline event handler violates/)
    await openDashboard(page)
    await expect(rows(page).first().getByText('completed')).toBeVisible({ timeout: 60_000 })
    await rows(page).first().click()
    const dialog = ticketDialog(page)
    const toggle = dialog.getByRole('button', { name: 'Show Raw JSON' })
    await expect(toggle).toBeEnabled()
    await toggle.click()
    const raw = dialog.getByTestId('raw-json')
    await expect(raw).toContainText('"Subject": "With HTML"')
    await expect(raw.locator('mark')).toContainText('"HtmlBody":')
    await expect(raw.locator('xpath=..')).toHaveCSS('max-height', '240px')

    const frameElement = dialog.locator('iframe')
    // Scripts, forms, same-origin access and navigation stay shut; a link may only open a tab of its own.
    await expect(frameElement).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
    const frame = await (await frameElement.elementHandle())?.contentFrame()
    expect(frame).toBeTruthy()
    if (!frame) return
    const inFrame = frameElement.contentFrame()
    await expect(inFrame.locator('#greeting b')).toBeVisible()
    await expect(inFrame.locator('script')).toHaveCount(0)
    await expect(inFrame.locator('#pixel')).toHaveCount(1)
    await expect(inFrame.locator('#pixel')).not.toHaveAttribute('src')
    // A link says where it leads, and opens outside the app without telling the sender who came from where.
    await expect(inFrame.locator('#link')).toHaveAttribute('href', `${tracker.origin}/click`)
    await expect(inFrame.locator('#link')).toHaveAttribute('target', '_blank')
    await expect(inFrame.locator('#link')).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(inFrame.locator('body')).toContainText(`click (${tracker.origin}/click)`)
    await expect(inFrame.locator('#script-link')).not.toHaveAttribute('href')
    await expect(inFrame.locator('[onerror]')).toHaveCount(0)
    // Everything the frame was going to load has been tried by its load event, and the CSS url has been
    // refused (both policies stop it): whatever got out would have reached the tracker by now.
    await frame.waitForLoadState('load')
    await expect
      .poll(() =>
        log.console.some((line) => line.includes('bg.gif') && line.includes('Content Security Policy')),
      )
      .toBe(true)
    expect(tracker.hits).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()

    await dialog.getByRole('button', { name: 'Hide Raw JSON' }).click()
    await expect(raw).toHaveCount(0)
  })

  test('lists tickets whose raw sources together outweigh one answer, and opens each whole', async ({
    page,
    context,
    signedIn: _,
  }) => {
    const subjects = ['Heavy raw source one', 'Heavy raw source two']
    for (const subject of subjects) {
      await createTicketThroughApi(context.request, {
        email: 'big@example.com',
        subject,
        body: 'big',
        rawJson: { TextBody: 'x'.repeat(3_000_000) },
      })
    }
    await openDashboard(page)
    for (const subject of subjects) await expect(rows(page).filter({ hasText: subject })).toBeVisible()
    for (const subject of subjects) {
      await rows(page).filter({ hasText: subject }).click()
      const dialog = ticketDialog(page)
      await expect(dialog.getByText(subject).first()).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Show Raw JSON' })).toBeEnabled()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
  })

  test('deletes a ticket from its dialog', async ({ page, context, signedIn: _ }) => {
    const subject = 'Invoice shows the wrong VAT number'
    await createTicketThroughApi(context.request, { subject: 'A ticket that stays', body: 'Keep me.' })
    const ticketId = await createTicketThroughApi(context.request, { subject, body: 'Delete me.' })
    await openDashboard(page)
    await expect(rows(page)).toHaveCount(2)
    await rows(page).filter({ hasText: subject }).click()
    const dialog = ticketDialog(page)
    await expect(dialog).toBeVisible()
    const held = await holdNextRequest(page, { method: 'DELETE', pathname: `${TICKETS_PATH}/${ticketId}` })
    await dialog.getByRole('button', { name: 'Delete Ticket' }).click()
    // Asked first, naming the ticket by its number; Cancel has the focus.
    const confirm = page.getByRole('alertdialog')
    await expect(confirm.getByRole('heading')).toHaveText(/^Delete ticket #\d+\?$/)
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    const deleting = confirm.getByRole('button', { name: 'Deleting...' })
    await expect(deleting).toBeVisible()
    await expect(deleting).toBeDisabled()
    await held.release()
    await expect(toast(page, 'Ticket deleted successfully')).toBeVisible()
    await expect(confirm).toBeHidden()
    await expect(dialog).toBeHidden()
    await expect(rows(page).filter({ hasText: subject })).toHaveCount(0)
    await expect(rows(page)).toHaveCount(1)
    await expect(visibleToasts(page)).toHaveCount(1)
  })

  test('shows nothing of it to another user, in another browser context', async ({
    page,
    context,
    openBrowser,
    signedIn: _,
  }) => {
    const ownTicketId = await createTicketThroughApi(context.request, {
      subject: 'Mine alone',
      body: 'Private.',
    })
    await installPageProbe(page)
    await openDashboard(page)
    await expect(rows(page).filter({ hasText: 'Mine alone' })).toBeVisible()

    const { context: otherContext, page: otherPage } = await openBrowser({ viewport: PHONE })
    await signUpThroughApi(otherContext.request, newPerson('stranger'))
    await openDashboard(otherPage)
    await expect(otherPage.getByText('No tickets have been created yet.')).toBeVisible()
    const seen = await otherPage.evaluate(
      async ({ path, headers }) => {
        const response = await fetch(path, { headers, credentials: 'include' })
        return (await response.json()).total
      },
      { path: TICKETS_PATH, headers: PROJECT_HEADERS },
    )
    expect(seen).toBe(0)
    const ownRead = await otherContext.request.get(`${TICKETS_PATH}/${ownTicketId}`, {
      headers: PROJECT_HEADERS,
    })
    expect(ownRead.status()).toBe(404)
    await createTicket(otherPage, { subject: 'A stranger ticket', body: 'Not yours.' })
    // A phone gets the list as cards, with the status and priority in sight.
    const card = otherPage.locator('ul[aria-label="Recent tickets"] li[data-ticket-id]').first()
    await expect(card).toBeVisible()
    for (const badge of await card.locator('[data-slot="badge"]').all()) {
      const box = await badge.boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(otherPage.viewportSize()?.width ?? 0)
    }
    await otherPage.evaluate(() => window.scrollTo(0, 0))
    for (const width of [375, 360]) {
      await otherPage.setViewportSize({ width, height: 812 })
      await expect
        .poll(() => otherPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBe(0)
    }
    await saveScreenshot(otherPage, 'dashboard-phone')
    await card.getByRole('button', { name: 'A stranger ticket' }).click()
    await expect(ticketDialog(otherPage)).toBeVisible()
    await saveScreenshot(otherPage, 'ticket-details-phone')

    // The owner files a ticket after the stranger's: by the time it shows, the owner's list has been read
    // again and every realtime message sent before its own has arrived. None of them is the stranger's.
    await createTicket(page, { subject: 'Filed after the stranger', body: 'Mine too.' })
    await expect(rows(page).filter({ hasText: 'Filed after the stranger' })).toBeVisible()
    await expect
      .poll(async () =>
        (await readPageProbe(page)).messages.some((m) => m.includes('Filed after the stranger')),
      )
      .toBe(true)
    await expect(rows(page).filter({ hasText: 'A stranger ticket' })).toHaveCount(0)
    expect((await readPageProbe(page)).messages.filter((m) => m.includes('A stranger ticket'))).toEqual([])
  })

  test('shows the error state when the list fails, and Retry recovers', async ({
    page,
    context,
    signedIn: _,
  }) => {
    await createTicketThroughApi(context.request, { subject: 'Listed again', body: 'After a retry.' })
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
    await openDashboard(page)
    await expect(page.getByText('Error loading tickets')).toBeVisible()
    await expect(page.getByText('The database is unavailable')).toBeVisible()
    await page.unroute(isTicketList, failList)
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(rows(page).first()).toBeVisible()
    await expect(page.getByText('Error loading tickets')).toHaveCount(0)
  })

  test('logs out through the confirmation dialog, back to /', async ({ page, signedIn: _ }) => {
    await openDashboard(page)
    await page.getByRole('button', { name: 'Logout' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Logout' })
    await expect(confirm.getByText('Are you sure you want to logout?')).toBeVisible()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(page).toHaveURL(isAt('/tickets'))

    await page.getByRole('button', { name: 'Logout' }).click()
    await confirm.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(isAt('/'))
    await expect(toast(page, 'Logged out successfully')).toBeVisible()
    await expect(page.locator('header').getByRole('link', { name: 'Get Started' })).toBeVisible()
  })

  test('sends a signed-out visit to /tickets to /auth, and signs back in', async ({ page, request }) => {
    // An account with a ticket, made through the API in a cookie jar of its own: this browser is signed out.
    const owner = newPerson('owner')
    await signUpThroughApi(request, owner)
    await createTicketThroughApi(request, { subject: 'Waiting for its owner', body: 'Sign back in.' })

    await page.goto('/tickets')
    await expect(page).toHaveURL(isAt('/auth'))
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.getByLabel('Full Name').fill('Someone Else')
    await page.getByLabel('Email Address').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await page.getByLabel('Confirm Password').fill(owner.password)
    await page.getByRole('button', { name: 'Start Free Trial' }).click()
    const taken = toast(page, 'Failed to create account')
    await expect(taken).toBeVisible()
    await expect.poll(() => textLength(taken)).toBeGreaterThan('Failed to create account'.length)
    await expect(page).toHaveURL(isAt('/auth'))
    await signIn(page, { ...owner, password: 'not-the-password' })
    const failed = toast(page, 'Failed to sign in')
    await expect(failed).toBeVisible()
    await expect.poll(() => textLength(failed)).toBeGreaterThan('Failed to sign in'.length)
    const held = await holdNextRequest(page, { method: 'POST', pathname: '/v1/account/sessions/email' })
    await signIn(page, owner)
    const signingIn = page.getByRole('button', { name: 'Signing In...' })
    await expect(signingIn).toBeVisible()
    await expect(signingIn).toBeDisabled()
    await held.release()
    await expect(toast(page, 'Signed in successfully!')).toContainText(
      'Welcome back! Redirecting to dashboard...',
    )
    await expect(page).toHaveURL(isAt('/tickets'))
    await expect(rows(page).first()).toBeVisible()
    await page.goto('/')
    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await expect(page).toHaveURL(isAt('/tickets'))
  })
})
