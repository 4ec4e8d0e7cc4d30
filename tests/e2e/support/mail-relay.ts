import { linkIn, startTestRelay, type TTestRelay } from '../../../apps/server/src/outbox/outbox-test-kit'
import { test as base, expect } from './fixtures'

/**
 * The tests' own SMTP relay, and this worker's server sending through it. Recovery and verification links
 * are readable by nobody in the app (a stolen session must not get them), so, as for a person, they
 * reach the test only by mail.
 */
export const test = base.extend<object, { relay: TTestRelay }>({
  relay: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern
    async ({}, use) => {
      const relay = await startTestRelay()
      await use(relay)
      await relay.close()
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ relay }, use) => use({ SMTP_RELAY_URL: relay.url }), { scope: 'worker' }],
})

/** The link to `pathname` (`/recovery`, `/verify`) in the newest mail the relay took for `to`, once it came. */
export async function mailedLink(
  relay: TTestRelay,
  options: { to: string; pathname: string },
): Promise<string> {
  const find = () =>
    relay.arrived
      .filter((mail) => mail.envelope.to.includes(options.to))
      .map(linkIn)
      .findLast((link) => link?.pathname === options.pathname)
  await expect
    .poll(() => find()?.href, { message: `a mail to ${options.to} with a link to ${options.pathname}` })
    .toBeTruthy()
  return find()?.href ?? ''
}

export { expect }
