import { SignInMessages } from '@parsedesk/contracts'
import { isAt, newPerson, PROJECT_HEADERS, signIn, signUpThroughApi, toast } from './support/app'
import { hasChromium, SKIP_REASON } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

test.describe('signing in, as a visitor meets it', () => {
  test('"Start Free Trial" opens sign-up, while /auth alone stays sign-in and keeps a switched mode', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Start Free Trial' }).click()
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/)
    await expect(page.getByLabel('Full Name')).toBeVisible()

    await page.goto('/auth')
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible()
  })

  test('"Sign in with Google" on a server without Google is disabled and says why', async ({ page }) => {
    await page.goto('/auth')
    const google = page.getByRole('button', { name: 'Sign in with Google' })
    await expect(google).toBeDisabled()
    await expect(page.getByText(SignInMessages.googleNotConfigured)).toBeVisible()
    await expect(google).toHaveAccessibleDescription(SignInMessages.googleNotConfigured)
  })

  test('a failed sign-in says why under the form, not only in a passing toast', async ({ page }) => {
    const person = newPerson('forgetful')
    await signUpThroughApi(page.context().request, person)
    await page.context().clearCookies()

    await signIn(page, { ...person, password: 'not the password at all' })
    const reason = page.locator('form').getByRole('alert')
    await expect(reason).toContainText(/invalid credentials/i)
    await expect(toast(page, 'Failed to sign in')).toBeVisible()
    await expect(page).toHaveURL(isAt('/auth'))
  })

  test('a page whose session ended elsewhere goes to sign-in and says so, after one refused request', async ({
    page,
    signedIn,
    openBrowser,
  }) => {
    await page.goto('/settings/workspace/members')
    await expect(page.getByRole('region', { name: 'Members and groups' })).toBeVisible()
    const refused: string[] = []
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname)
    })

    // Elsewhere, the same person signs out everywhere (as a password reset does).
    const { context } = await openBrowser()
    const session = await context.request.post('/v1/account/sessions/email', {
      headers: PROJECT_HEADERS,
      data: { email: signedIn.email, password: signedIn.password },
    })
    expect(session.status()).toBe(201)
    expect(
      (await context.request.delete('/v1/account/sessions', { headers: PROJECT_HEADERS })).status(),
    ).toBe(204)

    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Macros' })
      .click()
    await expect(page).toHaveURL(isAt('/auth'))
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await expect(toast(page, SignInMessages.sessionEnded)).toBeVisible()
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.length).toBeLessThanOrEqual(2)
  })

  test('a signed-out visit to the landing page and /auth logs no error in the console', async ({
    page,
    log,
  }) => {
    await page.goto('/')
    await expect(page.locator('header').getByRole('link', { name: 'Get Started' })).toBeVisible()
    await page.goto('/auth')
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled()
    await expect.poll(() => log.console.some((line) => line.startsWith('info: Session check'))).toBe(true)
    expect(log.console.filter((line) => line.startsWith('error:'))).toEqual([])
  })
})
