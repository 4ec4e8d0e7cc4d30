import { IntakeBacklogMessages } from '@parsedesk/contracts'
import { openDashboard } from './support/app'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'

// No worker role: what SMTP accepts waits undecided, as behind a stalled worker; one second of waiting
// is enough to count as behind (the default is 30).
test.use({ serverRoles: 'http,smtp', serverEnv: { INTAKE_MAX_WAITING_SECONDS: '1' } })

test.skip(!hasChromium, SKIP_REASON)

test('the dashboard says how many mails wait while the intake is behind and defers new mail', async ({
  page,
  parsedesk,
  signedIn: _,
}) => {
  await openDashboard(page)
  const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
  expect(address).toContain('@')
  const notice = page.getByTestId('intake-backlog')
  await expect(notice).toBeHidden()

  const send = (subject: string) =>
    sendMail(parsedesk.smtpPort, { from: 'cleo@customer.example', to: address, subject, text: 'Help' }).then(
      () => 250,
      (error: { responseCode?: number }) => error.responseCode ?? 'no code',
    )
  // Mail is taken until the oldest has waited past the limit; then the next sender is told to try later.
  let accepted = 0
  await expect
    .poll(
      async () => {
        const answer = await send(`Order ${accepted + 1}`)
        if (answer === 250) accepted += 1
        return answer
      },
      { timeout: 15_000 },
    )
    .toBe(451)
  expect(accepted).toBeGreaterThan(0)

  await page.reload()
  await expect(notice).toHaveText(IntakeBacklogMessages.waiting(accepted))
  // No ticket is made while the mail waits.
  await expect(page.getByText('No tickets have been created yet.')).toBeVisible()
  await page.setViewportSize(WIDE_DESKTOP)
  await saveScreenshot(page, 'intake-backlog-desktop')
  await page.setViewportSize(NARROW_PHONE)
  await saveScreenshot(page, 'intake-backlog-phone')
})
