import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDashboard, rows, toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { closeToasts, hasChromium, SKIP_REASON } from './support/browser'
import { expect, test } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/paths'

// Three tickets an agent meets every day, filed through the dashboard's form as a customer would.
const REFUND = {
  subject: 'Refund still missing for order 123456',
  body: 'Hello,\n\nI returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456. This is the third time I write and it is unacceptable.\n\nThanks,\nJane Doe\n+1 (555) 123-4567',
}
const GERMAN = {
  subject: 'Rechnung doppelt abgebucht',
  body: 'Guten Tag,\n\nSie haben meine Rechnung über 49,90 € zweimal von meinem Konto abgebucht. Bitte erstatten Sie den doppelten Betrag dringend.\n\nMit freundlichen Grüßen\nAnna Schmidt',
}
const SPAM = {
  subject: 'Exclusive offer: 70% off SEO packages',
  body: 'Get to the first page of Google! Act now, this offer ends soon.\n\nYou are receiving this email because you signed up on our partner site. Click here to unsubscribe.',
}

async function fileAndOpen(page: Page, ticket: { subject: string; body: string }) {
  await page.getByLabel('Your Email').fill('customer@example.com')
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
  await expect(panel.getByText('AI Generated')).toBeVisible()
  return { dialog, panel }
}

/** The panel alone, for docs/analysis.md (UPDATE_SCREENSHOTS=1), else into test-results. */
async function savePanel(panel: ReturnType<Page['locator']>, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await panel.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' })
}

test.skip(!hasChromium, SKIP_REASON)

test.describe('Ticket Analysis panel', () => {
  test('an English refund: summary, category and priority with reasons, the fields found and a next step', async ({
    page,
    signedIn: _,
  }) => {
    await openDashboard(page)
    const { dialog, panel } = await fileAndOpen(page, REFUND)
    await expect(panel.getByText(/^I returned the shoes two weeks ago .* for order 123456\.$/)).toBeVisible()

    const category = panel.getByRole('definition').first()
    await expect(category.locator('[data-slot="badge"]')).toHaveText('Refund and cancellation')
    await expect(category).toContainText(/\d+% confident/)
    // The category is named once in the whole dialog: as the badge, not again in a line of text.
    await expect(dialog.getByText('Refund and cancellation', { exact: true })).toHaveCount(1)
    await expect(dialog.getByText(/Category:/)).toHaveCount(0)

    const priority = panel.getByRole('definition').nth(1)
    await expect(priority.locator('[data-slot="badge"]')).toHaveText('high')
    await expect(priority.getByRole('listitem').filter({ hasText: '("it is unacceptable")' })).toBeVisible()

    const fields = panel.getByRole('table', { name: 'Found in the ticket' })
    await expect(fields.getByRole('row', { name: 'Order number 123456' })).toBeVisible()
    await expect(fields.getByRole('row', { name: 'Amount 89.90 USD' })).toBeVisible()
    await expect(fields.getByRole('row', { name: 'Phone number +1 (555) 123-4567' })).toBeVisible()

    await expect(panel.getByText('Tone: angry')).toBeVisible()
    await expect(
      panel.getByText(/^Answer first\. Make or confirm the cancellation or refund for order 123456/),
    ).toBeVisible()
    await savePanel(panel, 'analysis-panel-english')
    expect(await findAccessibilityViolations(page)).toEqual([])
    // The table and the long reasons wrap on the narrowest phone: the dialog never scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 })
    await expect(fields.getByRole('row', { name: 'Phone number +1 (555) 123-4567' })).toBeVisible()
    await expect.poll(() => dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
  })

  test('a German ticket: its language named, its category found through the German words, urgency read in German', async ({
    page,
    signedIn: _,
  }) => {
    await openDashboard(page)
    const { panel } = await fileAndOpen(page, GERMAN)
    await expect(panel.getByText(/^Sie haben meine Rechnung über 49,90 € zweimal/)).toBeVisible()
    await expect(panel.getByText(/Written in German/)).toBeVisible()
    // Read through the cross-language lexicon (decision 050): a billing ticket, not one left for triage.
    await expect(panel.getByRole('definition').first()).toContainText('Billing and payment')
    await expect(panel.getByText('by Local model')).toBeVisible()
    await expect(panel.getByRole('definition').nth(1).getByRole('listitem')).toContainText([
      /reports a failed or wrong payment/,
      /asks for urgent help \("doppelten Betrag dringend"\)/,
    ])
    await expect(panel.getByRole('row', { name: 'Amount 49,90 EUR' })).toBeVisible()
    await expect(panel.getByText(/pass it to a colleague who reads German/)).toHaveCount(0)
    await savePanel(panel, 'analysis-panel-german')
  })

  test('a spam mail: filed as spam with the words that gave it away, low, and no reply as the next step', async ({
    page,
    signedIn: _,
  }) => {
    await openDashboard(page)
    const { panel } = await fileAndOpen(page, SPAM)
    const category = panel.getByRole('definition').first()
    await expect(category.locator('[data-slot="badge"]')).toHaveText('Spam and marketing')
    await expect(category).toContainText('spam (bulk-mail wording: "You are receiving this email"')
    await expect(panel.getByRole('definition').nth(1).locator('[data-slot="badge"]')).toHaveText('low')
    // Nothing was found, so there is no empty table; a neutral tone is not mentioned.
    await expect(panel.getByRole('table')).toHaveCount(0)
    await expect(panel.getByText(/^Tone:/)).toHaveCount(0)
    await expect(panel.getByText(/^No reply: nobody is waiting for an answer\./)).toBeVisible()
    await savePanel(panel, 'analysis-panel-spam')
  })
})
