import type { Page } from '@playwright/test'
import { OAuth2Server } from 'oauth2-mock-server'
import { isAt } from './support/app'
import { hasChromium, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { test as base, expect } from './support/fixtures'

/** A local OpenID Connect provider standing in for Google, and this worker's server pointed at it. */
const test = base.extend<object, { provider: OAuth2Server }>({
  provider: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern
    async ({}, use) => {
      const provider = new OAuth2Server()
      await provider.issuer.keys.generate('RS256')
      await provider.start(0, '127.0.0.1')
      provider.service.on('beforeTokenSigning', (token) => {
        token.payload.email = 'grace@example.com'
        token.payload.email_verified = true
        token.payload.name = 'Grace Hopper'
        token.payload.sub = 'google-user-grace'
      })
      await use(provider)
      await provider.stop()
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ provider }, use) =>
      use({
        OIDC_ISSUER: provider.issuer.url ?? '',
        GOOGLE_CLIENT_ID: 'parsedesk-e2e',
        GOOGLE_CLIENT_SECRET: 'secret',
      }),
    { scope: 'worker' },
  ],
})

test.skip(!hasChromium, SKIP_REASON)

/**
 * Whether a signed-out visitor gets sent to /auth is decided once the session check has answered. The
 * header's "Get Started" shows that answer; it renders in the same synchronous store update whose effect
 * would redirect, so once it is on screen a redirect would already have changed the URL.
 */
async function sessionCheckAnswered(page: Page) {
  await expect(page.locator('header').getByRole('link', { name: 'Get Started' })).toBeVisible()
}

test.describe('sign-in with Google, /error and 404', () => {
  test('shows the OAuth failure page, signed out, with its texts', async ({ page }) => {
    await page.goto('/error?error=x&error_description=y')
    await expect(page.getByRole('heading', { name: 'x', exact: true })).toBeVisible()
    await expect(page.getByText('y', { exact: true })).toBeVisible()
    await expect(page.getByText('Please try again or contact support if the problem persists.')).toBeVisible()
    await sessionCheckAnswered(page)
    await expect(page).toHaveURL(isAt('/error'))

    await page.goto('/error')
    await expect(page.getByRole('heading', { name: 'An Error Occurred' })).toBeVisible()
    await expect(page.getByText('Please try again or contact support if the problem persists.')).toBeVisible()
  })

  test('sends a signed-out visitor of any other page to /auth, and keeps / and /auth open', async ({
    page,
    log,
  }) => {
    await page.goto('/tickets')
    await expect(page).toHaveURL(isAt('/auth'))
    await page.goto('/')
    await sessionCheckAnswered(page)
    await expect(page).toHaveURL(isAt('/'))
    await expect
      .poll(() => log.console.some((line) => line.startsWith('info: Session check: signed out')))
      .toBe(true)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE })

    test('signs in with Google through the provider and lands on /tickets', async ({ page, context }) => {
      await page.goto('/auth')
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
      await saveScreenshot(page, 'auth-phone')
      await page.getByRole('button', { name: 'Sign in with Google' }).click()
      await expect(page).toHaveURL(isAt('/tickets'))
      await expect(page.getByRole('heading', { name: 'Support Dashboard' })).toBeVisible()
      await expect(page.getByText('No tickets have been created yet.')).toBeVisible()
      await expect(page.getByLabel('Your Email')).toHaveAttribute('placeholder', 'grace@example.com')
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()

      const other = await context.newPage()
      const consoleLines: string[] = []
      other.on('console', (message) => consoleLines.push(message.text()))
      await other.goto('/no/such/page')
      await expect(other.getByRole('heading', { name: '404' })).toBeVisible()
      await expect(other.getByText('Oops! Page not found')).toBeVisible()
      await expect.poll(() => consoleLines.some((line) => line.includes('/no/such/page'))).toBe(true)
      await other.getByRole('link', { name: 'Return to Home' }).click()
      await expect(other).toHaveURL(isAt('/'))
      await expect(other.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible()
    })
  })
})
