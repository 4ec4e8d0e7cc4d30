import { openDashboard } from './support/app'
import { hasChromium, SKIP_REASON } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

// The server's side (the count, the flag, who may read it) is tested over the SDK in
// apps/server/src/mail/inbound/intake-backlog.integration.test.ts; a worker stalled long enough to be
// behind cannot be staged in the browser suite's one shared server, so its answer is given here.
test('the dashboard says how many mails wait while the intake is behind, and nothing once it caught up', async ({
  page,
  signedIn: _,
}) => {
  let backlog = { waiting: 3, behind: true }
  await page.route('**/v1/teams/*/intake-backlog', (route) => route.fulfill({ json: backlog }))
  await openDashboard(page)
  const notice = page.getByTestId('intake-backlog')
  await expect(notice).toHaveText('3 mails waiting to be processed.')

  backlog = { waiting: 0, behind: false }
  await page.reload()
  await expect(page.getByTestId('parsing-address')).toBeVisible()
  await expect(notice).toBeHidden()
})
