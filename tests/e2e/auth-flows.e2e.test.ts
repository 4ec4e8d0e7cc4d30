import { OAuth2Server } from 'oauth2-mock-server'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForPath } from './support/app'
import { hasChromium, launchChromium, openPage, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { startParsedesk, type TParsedesk } from './support/server'

describe.skipIf(!hasChromium)(
  `sign-in with Google, /error and 404${hasChromium ? '' : ` (${SKIP_REASON})`}`,
  () => {
    const provider = new OAuth2Server()
    let server: TParsedesk
    let browser: Browser

    beforeAll(async () => {
      await provider.issuer.keys.generate('RS256')
      await provider.start(0, '127.0.0.1')
      provider.service.on('beforeTokenSigning', (token) => {
        token.payload.email = 'grace@example.com'
        token.payload.email_verified = true
        token.payload.name = 'Grace Hopper'
        token.payload.sub = 'google-user-grace'
      })
      ;[server, browser] = await Promise.all([
        startParsedesk({
          env: {
            OIDC_ISSUER: provider.issuer.url ?? '',
            GOOGLE_CLIENT_ID: 'parsedesk-e2e',
            GOOGLE_CLIENT_SECRET: 'secret',
          },
        }),
        launchChromium(),
      ])
    })
    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await provider.stop()
    })

    it('shows the OAuth failure page, signed out, with its texts', async () => {
      const { context, page } = await openPage(browser)
      await page.goto(`${server.url}/error?error=x&error_description=y`)
      await page.getByRole('heading', { name: 'x', exact: true }).waitFor()
      await page.getByText('y', { exact: true }).waitFor()
      await page.getByText('Please try again or contact support if the problem persists.').waitFor()
      await page.waitForTimeout(1000)
      expect(new URL(page.url()).pathname).toBe('/error')

      await page.goto(`${server.url}/error`)
      await page.getByRole('heading', { name: 'An Error Occurred' }).waitFor()
      await page.getByText('Please try again or contact support if the problem persists.').waitFor()
      await context.close()
    })

    it('sends a signed-out visitor of any other page to /auth, and keeps / and /auth open', async () => {
      const { context, page, log } = await openPage(browser)
      await page.goto(`${server.url}/tickets`)
      await waitForPath(page, '/auth')
      await page.goto(`${server.url}/`)
      await page.locator('header').getByRole('link', { name: 'Get Started' }).waitFor()
      await page.waitForTimeout(500)
      expect(new URL(page.url()).pathname).toBe('/')
      expect(log.console.some((line) => line.startsWith('error: Session check failed'))).toBe(true)
      await context.close()
    })

    it('signs in with Google through the provider and lands on /tickets', async () => {
      const { context, page } = await openPage(browser, { viewport: PHONE })
      await page.goto(`${server.url}/auth`)
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
      await saveScreenshot(page, 'auth-phone')
      await page.getByRole('button', { name: 'Sign in with Google' }).click()
      await waitForPath(page, '/tickets')
      await page.getByRole('heading', { name: 'Support Dashboard' }).waitFor()
      await page.getByText('No tickets have been created yet.').waitFor()
      expect(await page.getByLabel('Your Email').getAttribute('placeholder')).toBe('grace@example.com')
      await page.getByRole('button', { name: 'Logout' }).waitFor()

      const other = await context.newPage()
      const consoleLines: string[] = []
      other.on('console', (message) => consoleLines.push(message.text()))
      await other.goto(`${server.url}/no/such/page`)
      await other.getByRole('heading', { name: '404' }).waitFor()
      await other.getByText('Oops! Page not found').waitFor()
      expect(consoleLines.some((line) => line.includes('/no/such/page'))).toBe(true)
      await other.getByRole('link', { name: 'Return to Home' }).click()
      await waitForPath(other, '/')
      await other.getByRole('link', { name: 'Go to Dashboard' }).waitFor()
      await context.close()
    })
  },
)
