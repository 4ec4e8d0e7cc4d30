import { toast } from './support/app'
import { hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20270101',
  'SUMMARY:New Year',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n')

test('an owner saves a business-hours schedule (holidays typed and imported from iCal) and an SLA policy', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toMatch(/@/)
  await page.goto('/settings/workspace/sla')
  await expect(page.getByRole('heading', { name: 'SLA and business hours' })).toBeVisible()

  const schedule = page.getByRole('form', { name: 'New schedule' })
  await schedule.getByLabel('Schedule name').fill('Office hours')
  await schedule.getByLabel('Time zone').fill('Europe/Berlin')
  await schedule.getByLabel('Monday').fill('08:00-12:00, 13:00-17:00')
  await schedule.getByLabel('Holidays', { exact: true }).fill('2026-12-25')
  await schedule
    .locator('input[type="file"]')
    .setInputFiles({ name: 'holidays.ics', mimeType: 'text/calendar', buffer: Buffer.from(ICS) })
  await expect(toast(page, 'Holidays imported')).toBeVisible()
  await expect(schedule.getByLabel('Holidays', { exact: true })).toHaveValue('2026-12-25\n2027-01-01')
  // A wrong span is refused with the contract's words before anything is sent.
  await schedule.getByLabel('Tuesday').fill('9-5')
  await schedule.getByRole('button', { name: 'Create schedule' }).click()
  await expect(schedule.getByRole('alert')).toHaveText('A time is written HH:MM (00:00 to 24:00).')
  await schedule.getByLabel('Tuesday').fill('09:00-17:00')
  await schedule.getByRole('button', { name: 'Create schedule' }).click()
  await expect(toast(page, 'Schedule created')).toBeVisible()

  const policy = page.getByRole('form', { name: 'New SLA policy' })
  await policy.getByLabel('Policy name').fill('Standard')
  await policy.getByLabel('First reply minutes, high priority', { exact: true }).fill('60')
  await policy.getByLabel('First reply minutes, high priority in business hours').uncheck()
  await policy.getByLabel('Resolution minutes, medium priority', { exact: true }).fill('480')
  await policy.getByRole('button', { name: 'Create policy' }).click()
  await expect(toast(page, 'SLA policy created')).toBeVisible()

  // Both read back from the server after a reload.
  await page.reload()
  const schedules = page.getByRole('list', { name: 'Business-hours schedules' })
  await expect(schedules).toContainText('Office hours')
  await expect(schedules).toContainText('Workspace default')
  await expect(schedules).toContainText('Europe/Berlin')
  await expect(schedules).toContainText('Mon 08:00-12:00, 13:00-17:00')
  await expect(schedules).toContainText('2 holidays')
  const policies = page.getByRole('list', { name: 'SLA policies' })
  await expect(policies).toContainText('0. Standard')
  await expect(policies).toContainText('high: first reply 60 min')
  await expect(policies).toContainText('medium: resolution 480 min (business)')
  await expect(policies).toContainText('Paused while pending')
  await saveScreenshot(page, 'sla-settings', { fullPage: true })
})
