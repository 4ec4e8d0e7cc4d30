import { AccountMessages } from '@parsedesk/contracts'
import type { Page } from '@playwright/test'
import {
  isAt,
  newPerson,
  PROJECT_HEADERS,
  signIn,
  signUpThroughApi,
  type TPerson,
  toast,
} from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { tabTo } from './support/keyboard'
import { expect, mailedLink, test } from './support/mail-relay'

test.skip(!hasChromium, SKIP_REASON)

const NEW_PASSWORD = 'correct horse battery staple'

async function openAccountSettings(page: Page) {
  await page.goto('/settings/account')
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible()
}

/** Another browser, signed in as `person` through the sign-in form, on the dashboard. */
async function signInElsewhere(openBrowser: () => Promise<{ page: Page }>, person: TPerson) {
  const { page } = await openBrowser()
  await signIn(page, person)
  await expect(page).toHaveURL(isAt('/tickets'))
  return page
}

/** A browser whose session has ended is sent to sign in again by the next page it opens. */
async function expectSignedOut(page: Page) {
  await page.goto('/settings/account')
  await expect(page).toHaveURL(isAt('/auth'))
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
}

test.describe('Account settings', () => {
  test('changes the name, and the password, which signs out every other session', async ({
    page,
    signedIn: person,
    openBrowser,
  }) => {
    const elsewhere = await signInElsewhere(openBrowser, person)
    await openAccountSettings(page)
    expect(await findAccessibilityViolations(page)).toEqual([])

    const nameForm = page.getByRole('form', { name: 'Change your name' })
    await nameForm.getByLabel('Full Name').fill('Ada King')
    await nameForm.getByRole('button', { name: 'Save name' }).click()
    await expect(toast(page, 'Name saved')).toBeVisible()
    await page.reload()
    await expect(nameForm.getByLabel('Full Name')).toHaveValue('Ada King')

    const passwordForm = page.getByRole('form', { name: 'Change your password' })
    await passwordForm.getByLabel('Current password').fill(person.password)
    await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await passwordForm.getByRole('button', { name: 'Change password' }).click()
    await expect(toast(page, 'Password changed')).toBeVisible()
    await expect(passwordForm.getByLabel('Current password')).toHaveValue('')

    // This browser stays signed in; the other one is out, and the new password lets it back in.
    await page.reload()
    await expect(nameForm.getByLabel('Full Name')).toHaveValue('Ada King')
    await expectSignedOut(elsewhere)
    await signIn(elsewhere, person)
    await expect(toast(elsewhere, 'Failed to sign in')).toBeVisible()
    await signIn(elsewhere, { ...person, password: NEW_PASSWORD })
    await expect(elsewhere).toHaveURL(isAt('/tickets'))
  })

  test('moves the address only by the link mailed to it, and answers a taken address as a free one', async ({
    page,
    request,
    signedIn: person,
    relay,
    openBrowser,
  }) => {
    const other = newPerson('taken')
    await signUpThroughApi(request, other)
    await openAccountSettings(page)
    await expect(page.getByText(person.email, { exact: true })).toBeVisible()
    await expect(page.getByText('Not verified', { exact: true })).toBeVisible()

    const emailForm = page.getByRole('form', { name: 'Change your email address' })
    const sentTo = (email: string) =>
      emailForm.getByRole('status').filter({ hasText: `We sent a link to ${email}.` })
    await emailForm.getByLabel('New email address').fill(other.email)
    await emailForm.getByLabel('Current password').fill(person.password)
    await emailForm.getByRole('button', { name: 'Change email' }).click()
    await expect(toast(page, 'Check the new address')).toBeVisible()
    await expect(sentTo(other.email)).toBeVisible()
    // The taken address's owner hears of it, with no link that could move anything.
    await expect
      .poll(() => relay.arrived.find((mail) => mail.envelope.to.includes(other.email))?.email.subject)
      .toBe('Someone tried to use your email address on Parsedesk')

    const newEmail = `new-${person.email}`
    await emailForm.getByLabel('New email address').fill(newEmail)
    await emailForm.getByLabel('Current password').fill(person.password)
    await emailForm.getByRole('button', { name: 'Change email' }).click()
    await expect(sentTo(newEmail)).toBeVisible()
    await expect(sentTo(newEmail)).toContainText(`Until then you sign in with ${person.email}.`)
    await page.reload()
    await expect(page.getByText(person.email, { exact: true })).toBeVisible()

    const link = await mailedLink(relay, { to: newEmail, pathname: '/verify' })
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible()
    await openAccountSettings(page)
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible()
    await expect(page.getByText('Verified', { exact: true })).toBeVisible()

    // The link works once; the new address signs in, in another browser too.
    await page.goto(link)
    await expect(page.getByRole('alert').filter({ hasText: AccountMessages.linkInvalid })).toBeVisible()
    await signInElsewhere(openBrowser, { ...person, email: newEmail })
  })

  test('signs one session out from the list, and that browser is signed out at once', async ({
    page,
    signedIn: person,
    openBrowser,
  }) => {
    const elsewhere = await signInElsewhere(openBrowser, person)
    await openAccountSettings(page)
    const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')
    await expect(sessions).toHaveCount(2)
    await expect(sessions.first().getByText('This device')).toBeVisible()
    // The other browser, named from its user agent, as its person would recognise it.
    const other = sessions.filter({ hasNotText: 'This device' })
    await expect(other.getByText(/^Chrome \d+ on Linux$/)).toBeVisible()
    await expect(other.getByText(/^Signed in with password · /)).toBeVisible()

    await other.getByRole('button', { name: /^Sign out/ }).click()
    await expect(toast(page, 'Session signed out')).toBeVisible()
    await expect(sessions).toHaveCount(1)
    await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeFocused()
    await expect(page.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled()

    await expectSignedOut(elsewhere)
  })

  test('works by keyboard alone, fits 1440 px and 360 px; the README’s screenshots', async ({
    page,
    signedIn: person,
    openBrowser,
  }) => {
    await signInElsewhere(openBrowser, person)
    await page.setViewportSize(WIDE_DESKTOP)
    await openAccountSettings(page)
    await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2)

    // A new name typed and saved without the mouse.
    const nameForm = page.getByRole('form', { name: 'Change your name' })
    await page.locator('body').focus()
    await tabTo(page, nameForm.getByLabel('Full Name'))
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Grace Hopper')
    await tabTo(page, nameForm.getByRole('button', { name: 'Save name' }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Name saved')).toBeVisible()
    await expect(nameForm.getByLabel('Full Name')).toHaveValue('Grace Hopper')

    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'account-settings-desktop', { fullPage: true })
    await page.setViewportSize(NARROW_PHONE)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0)
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'account-settings-phone')
    expect(await findAccessibilityViolations(page)).toEqual([])
  })
})

test.describe('Password recovery', () => {
  test('from "Forgot password?" on the sign-in screen to signing in with the new password', async ({
    page,
    request,
    relay,
  }) => {
    const person = newPerson('forgetful')
    await signUpThroughApi(request, person)

    await page.goto('/auth')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(isAt('/recovery'))
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.getByLabel('Email Address').fill(person.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText(
      'If an account exists for that address, we sent a link to reset its password.',
    )
    const link = await mailedLink(relay, { to: person.email, pathname: '/recovery' })

    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(toast(page, 'Password changed')).toBeVisible()
    await expect(page).toHaveURL(isAt('/auth'))

    // Every session of the account ended with the reset, the one signed in before it too.
    expect((await request.get('/v1/account', { headers: PROJECT_HEADERS })).status()).toBe(401)
    await signIn(page, person)
    await expect(toast(page, 'Failed to sign in')).toBeVisible()
    await signIn(page, { ...person, password: NEW_PASSWORD })
    await expect(page).toHaveURL(isAt('/tickets'))

    // The link works once.
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD} again`)
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD} again`)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page.getByRole('alert').filter({ hasText: AccountMessages.linkInvalid })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
  })
})
