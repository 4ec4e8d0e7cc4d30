import type { Page } from '@playwright/test'
import { isAt, openDashboard, rows } from './support/app'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'

test.skip(!hasChromium, SKIP_REASON)

const SUBJECT = `Order 77120 arrived damaged ${Date.now()}`
const BOSS = 'boss@customer-corp.example'

function timeline(page: Page) {
  return page.getByRole('list', { name: 'Timeline' })
}

test('copies a customer’s mail added can be removed from the timeline, and a stranger’s [#1] opens a ticket linking to #1', async ({
  page,
  parsedesk,
  signedIn: _owner,
}) => {
  await openDashboard(page)
  const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
  await sendMail(parsedesk.smtpPort, {
    to: address,
    subject: SUBJECT,
    text: 'The box was crushed.',
    headers: { Cc: BOSS },
  })
  await expect(rows(page).filter({ hasText: SUBJECT })).toBeVisible({ timeout: 30_000 })

  await page.goto('/tickets/1')
  const added = timeline(page).getByText(`The customer’s mail added ${BOSS} to CC`)
  await expect(added).toBeVisible()
  await added.scrollIntoViewIfNeeded()
  await page.setViewportSize(WIDE_DESKTOP)
  await saveScreenshot(page, 'timeline-copy-added-desktop')
  await page.setViewportSize(NARROW_PHONE)
  await added.scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'timeline-copy-added-phone')
  await page.setViewportSize(WIDE_DESKTOP)
  await timeline(page)
    .getByRole('button', { name: `Remove ${BOSS} from CC` })
    .click()
  await expect(timeline(page).getByRole('button', { name: `Remove ${BOSS} from CC` })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'CC' })).toHaveCount(0)
  await expect(timeline(page).getByText(`removed ${BOSS} from CC`)).toBeVisible()

  // Someone else, even at the customer's domain, types the number into a subject: a ticket of their own,
  // which names #1 and links to it.
  await sendMail(parsedesk.smtpPort, {
    from: 'mallory@customer-corp.example',
    to: address,
    subject: `Re: ${SUBJECT} [#1]`,
    text: 'Please add me to this.',
  })
  await openDashboard(page)
  await expect(rows(page).filter({ hasText: `[#1]` })).toBeVisible({ timeout: 30_000 })
  await page.goto('/tickets/2')
  await expect(
    timeline(page).getByText('This mail mentions #1 but was not added to it', { exact: false }),
  ).toBeVisible()
  await timeline(page).getByRole('link', { name: 'Open #1' }).click()
  await expect(page).toHaveURL(isAt('/tickets/1'))
  await expect(timeline(page).getByText('Please add me to this.')).toHaveCount(0)
})
