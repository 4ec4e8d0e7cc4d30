import { PasswordMessages } from '@parsedesk/contracts'
import { isAt, newPerson, signUpThroughApi, toast } from './support/app'
import { hasChromium, SKIP_REASON } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

test.describe('the sign-in screens as a person meets them', () => {
  test('shows the password rule before a sign-up, and says plainly when the address has an account', async ({
    page,
  }) => {
    const taken = newPerson('taken')
    await signUpThroughApi(page.context().request, taken)
    await page.context().clearCookies()

    await page.goto('/auth?mode=sign-up')
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible()
    await expect(page.getByText(PasswordMessages.rule)).toBeVisible()
    await page.getByLabel('Full Name').fill('Someone Else')
    await page.getByLabel('Email Address').fill(taken.email)
    await page.getByLabel('Password', { exact: true }).fill('another long passphrase')
    await page.getByLabel('Confirm Password').fill('another long passphrase')
    await page.getByRole('button', { name: 'Start Free Trial' }).click()

    const offer = page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' })
    await expect(offer).toBeVisible()
    await expect(toast(page, 'Failed to create account')).toBeVisible()
    await expect(page.getByText('A user with the same id, email, or phone already exists')).toHaveCount(0)
    await expect(offer.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/recovery',
    )
    await offer.getByRole('button', { name: 'Sign in instead' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })

  test('says "Please try again later." when no server answers, not the browser’s words', async ({ page }) => {
    await page.goto('/auth')
    await page.route('**/v1/account/sessions/email', (route) => route.abort('internetdisconnected'))
    await page.getByLabel('Email Address').fill('nobody@example.com')
    await page.getByLabel('Password', { exact: true }).fill('whatever it is')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    const failed = toast(page, 'Failed to sign in')
    await expect(failed).toContainText('Please try again later.')
    await expect(failed).not.toContainText('fetch')
  })

  test('offers "Forgot password?" under the sign-in password, leading to the reset form', async ({
    page,
  }) => {
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(isAt('/recovery'))
    await expect(page.getByLabel(/email/i)).toBeVisible()
  })

  test('sends a signed-in visitor of /auth to the dashboard', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@')
    await page.goto('/auth')
    await expect(page).toHaveURL(isAt('/tickets'))
  })
})
