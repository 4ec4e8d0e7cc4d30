import { TeamRole } from '@parsedesk/contracts'
import type { Page } from '@playwright/test'
import { isAt, newPerson, openDashboard, rows, signUpThroughApi, toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { tabTo } from './support/keyboard'
import { sendMail } from './support/smtp'
import { acceptInvitation, invite, workspaceOf } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

/** What owners and admins are offered, which an agent reads instead. */
const MANAGERS_ONLY =
  'Owners and admins regenerate the address and manage the webhook URLs and IMAP mailboxes.'

function card(page: Page, title: string) {
  return page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) })
}

function addressOf(page: Page) {
  return page.getByTestId('parsing-address')
}

/** The settings' Mailboxes and sending section, where the mail cards are. */
async function openSettings(page: Page) {
  await page.goto('/settings/workspace/mail')
  await expect(page.getByRole('heading', { name: 'Workspace settings' })).toBeVisible()
  await expect(addressOf(page)).toHaveText(/@/)
}

/** Marks the page's document: still marked later means it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
}

function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
}

/** Everything the settings page loads for owners and admins, loaded (the webhook URLs come last). */
async function expectMailControls(page: Page) {
  await expect(card(page, 'Parsing address').getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await expect(card(page, 'Webhook URLs').getByRole('button', { name: 'Copy Raw MIME URL' })).toBeVisible()
  await expect(card(page, 'IMAP mailboxes').getByRole('button', { name: 'Connect a mailbox' })).toBeVisible()
  await expect(card(page, 'Mail kept, not ticketed')).toBeVisible()
  await expect(page.getByText(MANAGERS_ONLY)).toHaveCount(0)
}

test.describe('The workspace’s mail', () => {
  test('an agent invited from the settings sees the workspace’s mail live beside the owner, and no mail controls', async ({
    page,
    parsedesk,
    signedIn: owner,
    openBrowser,
  }) => {
    const agent = newPerson('agent')
    const link = await invite(page, agent.email, TeamRole.agent)
    await expectMailControls(page)

    // The agent, in a browser of their own, signed up, accepts the invitation and works in the workspace.
    const { context: agentContext, page: agentPage } = await openBrowser()
    await signUpThroughApi(agentContext.request, agent)
    await acceptInvitation(agentPage, link)
    await expect(agentPage.getByTestId('current-workspace')).toHaveText(workspaceOf(owner))

    // One parsing address for the workspace: both dashboards show it.
    await openDashboard(page)
    await expect(addressOf(page)).toHaveText(/@/)
    const address = (await addressOf(page).textContent()) ?? ''
    await expect(addressOf(agentPage)).toHaveText(address)
    await expect(rows(page)).toHaveCount(0)
    await expect(rows(agentPage)).toHaveCount(0)
    await markDocument(page)
    await markDocument(agentPage)

    // The owner sends one email to it over SMTP: both open dashboards show the ticket, neither reloads.
    const subject = `Shared inbox check ${Date.now()}`
    await sendMail(parsedesk.smtpPort, {
      from: owner.email,
      to: address,
      subject,
      text: 'One mail to the workspace, seen by everyone in it.',
    })
    for (const screen of [page, agentPage]) {
      await expect(rows(screen).filter({ hasText: subject })).toBeVisible({ timeout: 30_000 })
      await expect(rows(screen)).toHaveCount(1)
      expect(await isSameDocument(screen)).toBe(true)
    }

    // The agent's dashboard card has the address and Copy, no Regenerate.
    await expect(
      card(agentPage, 'Your parsing address').getByRole('button', { name: 'Copy address' }),
    ).toBeVisible()
    await expect(agentPage.getByRole('button', { name: 'Regenerate' })).toHaveCount(0)

    // The agent's settings: the address and the kept mail, no control the server would refuse, and the
    // page never asks for what it would be refused (the webhook URLs, the IMAP accounts).
    const refusable: string[] = []
    agentPage.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/v1/inbound/') || pathname.includes('/collections/imap_accounts/')) {
        refusable.push(`${request.method()} ${pathname}`)
      }
    })
    const failed: string[] = []
    agentPage.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    await openSettings(agentPage)
    await expect(addressOf(agentPage)).toHaveText(address)
    await expect(card(agentPage, 'Parsing address').getByText(MANAGERS_ONLY)).toBeVisible()
    await expect(
      card(agentPage, 'Mail kept, not ticketed').getByText('1 received in all', { exact: false }),
    ).toBeVisible()
    await expect(agentPage.getByRole('button', { name: 'Regenerate' })).toHaveCount(0)
    await expect(agentPage.getByRole('heading', { name: 'Webhook URLs' })).toHaveCount(0)
    await expect(agentPage.getByRole('button', { name: /Reveal secret|^Copy .* URL$/ })).toHaveCount(0)
    await expect(agentPage.getByRole('heading', { name: 'IMAP mailboxes' })).toHaveCount(0)
    await expect(agentPage.getByRole('button', { name: 'Connect a mailbox' })).toHaveCount(0)
    await expect(agentPage.getByRole('heading', { name: 'Outbox' })).toHaveCount(0)
    expect(refusable).toEqual([])
    expect(failed).toEqual([])
    expect(await findAccessibilityViolations(agentPage)).toEqual([])

    // The owner's settings keep every control.
    await openSettings(page)
    await expectMailControls(page)
  })

  test('the settings page works by keyboard alone: copy, regenerate (cancelled), reveal, IMAP form, invite', async ({
    page,
    signedIn: _,
  }) => {
    await openSettings(page)
    await expectMailControls(page)
    const address = (await addressOf(page).textContent()) ?? ''
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.locator('body').focus()

    const mailbox = card(page, 'Parsing address')
    const copy = mailbox.getByRole('button', { name: 'Copy address' })
    await tabTo(page, copy)
    expect(await copy.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Copied to the clipboard')).toBeVisible()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address)

    const regenerate = mailbox.getByRole('button', { name: 'Regenerate' })
    await tabTo(page, regenerate)
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate the parsing address?' })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(confirm).toBeHidden()
    await expect(regenerate).toBeFocused()
    await expect(addressOf(page)).toHaveText(address)

    const webhooks = card(page, 'Webhook URLs')
    const reveal = webhooks.getByRole('button', { name: 'Reveal secret' })
    await tabTo(page, reveal)
    await page.keyboard.press('Space')
    await expect(webhooks.getByRole('button', { name: 'Hide secret' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.keyboard.press('Space')
    await expect(reveal).toHaveAttribute('aria-pressed', 'false')

    const imap = card(page, 'IMAP mailboxes')
    const connect = imap.getByRole('button', { name: 'Connect a mailbox' })
    await tabTo(page, connect)
    await page.keyboard.press('Enter')
    const form = imap.getByRole('form', { name: 'Connect an IMAP mailbox' })
    await expect(form.getByLabel('IMAP server')).toBeFocused()
    await tabTo(page, form.getByRole('button', { name: 'Cancel' }))
    await page.keyboard.press('Enter')
    await expect(form).toHaveCount(0)
    await expect(connect).toBeFocused()

    // To Members and groups through the settings' navigation: an invitation sent from the keyboard, its
    // role picked with the arrows.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.locator('body').focus()
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Members and groups' }),
    )
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(isAt('/settings/workspace/members'))
    const invitee = newPerson('keyboard')
    await tabTo(page, page.getByLabel('Email address'))
    await page.keyboard.type(invitee.email)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Role', { exact: true })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue(TeamRole.admin)
    await tabTo(page, page.getByRole('button', { name: 'Send invitation' }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Invitation sent')).toBeVisible()
    const invitation = page
      .getByRole('list', { name: 'Open invitations' })
      .getByRole('listitem')
      .filter({ hasText: invitee.email })
    await expect(invitation).toContainText('Admin')
  })

  test('fits 1440 px and 360 px, with every card loaded; the README’s screenshots', async ({
    page,
    signedIn: _,
  }) => {
    await invite(page, newPerson('colleague').email, TeamRole.agent)
    await openSettings(page)
    await expectMailControls(page)

    await page.setViewportSize(WIDE_DESKTOP)
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'workspace-settings-desktop', { fullPage: true })

    await page.setViewportSize(NARROW_PHONE)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0)
    // The mail cards, below the sticky header.
    await card(page, 'Parsing address').evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72),
    )
    await saveScreenshot(page, 'workspace-settings-phone')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await expect(page).toHaveURL(isAt('/settings/workspace/mail'))
  })
})
