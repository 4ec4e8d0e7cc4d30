import { openDashboard, rows, toast } from './support/app'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'

const FLOODER = 'blast@flood-sender.example'
const PER_SENDER = 3

// A small sender limit of its own (the default is 20), so a flood is a handful of mails.
test.use({ serverEnv: { INTAKE_PER_SENDER_PER_MINUTE: String(PER_SENDER) } })

test.skip(!hasChromium, SKIP_REASON)

test('the dashboard names a flooding sender and blocks it in one click', async ({
  page,
  parsedesk,
  signedIn: _,
}) => {
  await openDashboard(page)
  const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
  expect(address).toContain('@')

  const answers: (number | string)[] = []
  for (let i = 1; i <= PER_SENDER + 1; i++) {
    answers.push(
      await sendMail(parsedesk.smtpPort, {
        from: FLOODER,
        to: address,
        subject: `Win big ${i}`,
        text: 'Click.',
      }).then(
        () => 250,
        (error: { responseCode?: number }) => error.responseCode ?? 'no code',
      ),
    )
  }
  expect(answers).toEqual([250, 250, 250, 451])
  await expect(rows(page).filter({ hasText: 'Win big' })).toHaveCount(PER_SENDER)

  await page.reload()
  const notice = page.getByTestId('flooding-senders')
  await expect(notice).toContainText(
    `${FLOODER} is flooding your mailbox: 1 delivery was deferred for coming too fast. Newest ticket #3`,
  )
  await page.setViewportSize(WIDE_DESKTOP)
  await saveScreenshot(page, 'flooding-sender-desktop')
  await page.setViewportSize(NARROW_PHONE)
  await saveScreenshot(page, 'flooding-sender-phone')
  await notice.getByRole('button', { name: `Mark spam and block sender ${FLOODER}` }).click()
  await expect(toast(page, 'Sender blocked')).toBeVisible()
  await expect(notice).toBeHidden()
})
