import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDashboard, rows, toast } from './support/app'
import { closeToasts, hasChromium, SKIP_REASON } from './support/browser'
import { expect, test } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

const SPAM = {
  email: 'offers@seo-deals.example',
  subject: 'Exclusive offer: 70% off SEO packages',
  body: 'Get to the first page of Google! Act now, this offer ends soon.\n\nYou are receiving this email because you signed up on our partner site. Click here to unsubscribe.',
}
const BILLING = {
  email: 'customer@example.com',
  subject: 'Invoice charged twice',
  body: 'I was charged twice for my invoice this month, please refund one payment.',
}

/** Files a ticket with the dashboard's form and opens its details once analysed. */
async function fileAndOpen(page: Page, ticket: { email: string; subject: string; body: string }) {
  await page.getByLabel('Your Email').fill(ticket.email)
  await page.getByLabel('Subject').fill(ticket.subject)
  await page.getByLabel('Message').fill(ticket.body)
  await page.getByRole('button', { name: 'Submit Ticket' }).click()
  await expect(toast(page, 'Email ticket submitted successfully')).toBeVisible()
  const row = rows(page).filter({ hasText: ticket.subject })
  await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 })
  await closeToasts(page)
  await row.click()
  const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
  const panel = dialog.getByRole('region', { name: 'Ticket Analysis' })
  await expect(panel).toBeVisible()
  return { row, dialog, panel }
}

test.skip(!hasChromium, SKIP_REASON)

test.describe('Spam and the workspace’s categories', () => {
  test('spam shows its reason, "Not spam" undoes it, and marking spam blocks the sender in one action', async ({
    page,
    signedIn: _,
  }) => {
    await openDashboard(page)
    const { row, dialog, panel } = await fileAndOpen(page, SPAM)
    const actions = dialog.getByTestId('spam-actions')
    await expect(actions.getByTestId('spam-badge')).toHaveText(
      /^spam \(bulk-mail wording: "You are receiving this email"/,
    )
    await expect(panel.getByRole('definition').first().locator('[data-slot="badge"]')).toHaveText(
      'Spam and marketing',
    )
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await dialog.screenshot({ path: path.join(SCREENSHOT_DIR, 'spam-ticket.png'), animations: 'disabled' })

    // A false positive is one click: the ticket is analysed again without the spam rules.
    await actions.getByRole('button', { name: 'Not spam' }).click()
    await expect(toast(page, 'The ticket is open again.')).toBeVisible()
    await expect(actions.getByRole('button', { name: 'Mark spam', exact: true })).toBeVisible()
    await expect(panel.getByRole('definition').first().locator('[data-slot="badge"]')).not.toHaveText(
      'Spam and marketing',
      { timeout: 30_000 },
    )

    // Marked spam again by hand, with its sender blocked: closed, and the sender listed in settings.
    await actions.getByLabel('What to block').selectOption({ label: 'offers@seo-deals.example' })
    await actions.getByRole('button', { name: 'Mark spam and block sender' }).click()
    await expect(toast(page, 'offers@seo-deals.example is blocked')).toBeVisible()
    await expect(actions.getByTestId('spam-badge')).toHaveText('spam (marked by an agent)')
    await expect(row.getByText('closed')).toBeVisible()

    await page.goto('/settings/workspace/spam')
    const blocked = page.getByRole('list', { name: 'Blocked senders' })
    await expect(blocked.getByRole('listitem')).toHaveText([/^offers@seo-deals\.example/])
    await blocked.getByRole('button', { name: 'Unblock offers@seo-deals.example' }).click()
    await expect(page.getByText('Nobody is blocked.')).toBeVisible()

    // "Not spam" taught the workspace: the sender is listed, and an owner can make it forget.
    const trusted = page.getByRole('list', { name: 'Senders marked not spam' })
    await expect(trusted.getByRole('listitem')).toHaveText([/^offers@seo-deals\.example/])
    await trusted.getByRole('button', { name: 'Forget offers@seo-deals.example' }).click()
    await expect(page.getByText('No sender has been marked not spam.')).toBeVisible()
  })

  test('an owner renames, adds and removes categories; new tickets show the new names', async ({
    page,
    signedIn: _,
  }) => {
    await page.goto('/settings/workspace/categories')
    // The workspace's own model waits for its members' corrections; the shipped model files tickets meanwhile.
    await expect(
      page.getByText("Learning: 20 more corrections of a ticket's category before a first training."),
    ).toBeVisible()
    await expect(
      page.getByText("Learning: 20 more corrections of a ticket's priority before a first training."),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Retrain now' })).toBeVisible()
    const list = page.getByRole('list', { name: 'Categories' })
    await expect(list.getByText('Billing and payment', { exact: true })).toBeVisible()

    await list.getByRole('button', { name: 'Rename category Billing and payment' }).click()
    await list.getByLabel('Name').fill('Payments')
    await list.getByRole('button', { name: 'Save' }).click()
    await expect(list.getByText('Payments', { exact: true })).toBeVisible()

    await list.getByRole('button', { name: 'Remove category Feedback' }).click()
    await list.getByRole('button', { name: 'Remove', exact: true }).click()
    await expect(list.getByText('Feedback', { exact: true })).toHaveCount(0)
    // "Other" and spam stay in every list: they have no remove button.
    await expect(list.getByRole('button', { name: 'Remove category Other' })).toHaveCount(0)
    await expect(list.getByRole('button', { name: 'Remove category Spam and marketing' })).toHaveCount(0)

    const add = page.getByRole('region', { name: 'Add a category' })
    await add.getByLabel('Name').fill('Partner requests')
    await add.getByLabel('What belongs there').fill('Resellers, agencies and fairs.')
    await add.getByRole('button', { name: 'Add category' }).click()
    await expect(list.getByText('Partner requests', { exact: true })).toBeVisible()

    await page.reload()
    await expect(
      page.getByRole('list', { name: 'Categories' }).getByText('Payments', { exact: true }),
    ).toBeVisible()

    await openDashboard(page)
    const { panel } = await fileAndOpen(page, BILLING)
    await expect(panel.getByRole('definition').first().locator('[data-slot="badge"]')).toHaveText('Payments')
  })
})
