import type { APIRequestContext } from '@playwright/test'
import { linkIn, startTestRelay, type TTestRelay } from '../../../apps/server/src/outbox/outbox.test-kit'
import { PROJECT_HEADERS } from './app'
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

/**
 * Verifies the signed-in person's address as they would: asks for the link, then opens the one the relay
 * took. Inviting by mail needs it (decision 026).
 */
export async function verifyByMail(
  request: APIRequestContext,
  relay: TTestRelay,
  options: { email: string; serverUrl: string },
): Promise<void> {
  const asked = await request.post('/v1/account/verification', {
    headers: PROJECT_HEADERS,
    data: { url: `${options.serverUrl}/verify` },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  const link = new URL(await mailedLink(relay, { to: options.email, pathname: '/verify' }))
  const opened = await request.put('/v1/account/verification', {
    headers: PROJECT_HEADERS,
    data: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
  })
  expect(opened.status(), await opened.text()).toBe(200)
}

export { expect }
