import { TeamRole } from '@parsedesk/contracts'
import type { Locator, Page } from '@playwright/test'
import { isAt, newPerson, openDashboard, rows, signUpThroughApi, toast } from './support/app'
import { hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'
import { acceptInvitation, invite } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

/** The desktop: where an agent works a ticket all day. */
const AGENT_DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }
const OLDER_SUBJECT = `Password reset link expired ${Date.now()}`
const SUBJECT = `Charged twice for the annual plan ${Date.now()}`
const BODY =
  'Hello, my card was charged twice for the annual plan this morning (2 x 480 EUR, invoice INV-2041). Please refund the second charge, I need the money back before Friday.'

function timeline(page: Page) {
  return page.getByRole('list', { name: 'Timeline' })
}

function fields(page: Page) {
  return page.getByRole('complementary', { name: 'Ticket fields' })
}

function composerText(page: Page, name: 'Reply text' | 'Note text') {
  return page.getByTestId('ticket-composer-slot').getByRole('textbox', { name })
}

/** Counts layout shifts as Chrome's CLS does (those without recent input), from the page's first paint. */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { __cls: number }
    state.__cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[]) {
        if (!entry.hadRecentInput) state.__cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

function layoutShift(page: Page) {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls)
}

/** Whether the element lies wholly inside the viewport as it is, without scrolling. */
async function isInFirstViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  return !!box && !!viewport && box.y >= 0 && box.y + box.height <= viewport.height
}

/** Presses Tab from the top of the page until one of `targets` has the focus; which one came first. */
async function firstReachedByTab(page: Page, targets: Record<string, Locator>, limit = 40) {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab')
    for (const [name, target] of Object.entries(targets)) {
      if (await target.evaluate((element) => element.contains(document.activeElement))) {
        return { name, presses }
      }
    }
  }
  return { name: 'none', presses: limit }
}

async function mailedTicket(
  page: Page,
  smtpPort: number,
  mail: { from?: string; subject: string; text: string },
) {
  const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
  expect(address).toMatch(/@/)
  await sendMail(smtpPort, { to: address, ...mail })
  await expect(rows(page).filter({ hasText: mail.subject })).toBeVisible({ timeout: 30_000 })
}

test.describe('Working a ticket on its page', () => {
  test('the conversation comes first, with the composer; changes save themselves; keys do the work; nothing shifts', async ({
    page,
    parsedesk,
    signedIn: owner,
    openBrowser,
  }) => {
    // A teammate who will be viewing the ticket: the "is viewing" pill once pushed the whole page down.
    const agent = newPerson('agent')
    const link = await invite(page, agent.email, TeamRole.agent)
    const { context: agentContext, page: agentPage } = await openBrowser()
    await signUpThroughApi(agentContext.request, agent)
    await acceptInvitation(agentPage, link)

    await openDashboard(page)
    await mailedTicket(page, parsedesk.smtpPort, {
      subject: OLDER_SUBJECT,
      text: 'The link says it expired.',
    })
    await mailedTicket(page, parsedesk.smtpPort, {
      from: '"Dana Scully" <dana@customer-corp.example>',
      subject: SUBJECT,
      text: BODY,
    })
    await agentPage.goto('/tickets/2')
    await expect(timeline(agentPage).getByText(BODY)).toBeVisible()

    // The agent's desktop, from a fresh load: the customer's words and the composer in the first screen.
    await page.setViewportSize(AGENT_DESKTOP)
    await watchLayoutShift(page)
    await page.goto('/tickets/2')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#2${SUBJECT}`)
    const message = timeline(page).locator('[data-kind="first-mail"]')
    await expect(message).toContainText(BODY)
    await expect(composerText(page, 'Reply text')).toBeVisible()
    await expect(page.locator('[data-presence="viewing"]')).toHaveText(`${agent.name} is viewing`)
    await expect(page.getByRole('heading', { name: 'Ticket Analysis' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('ticket-requester')).toContainText('Dana Scully')
    expect(await isInFirstViewport(page, message)).toBe(true)
    expect(await isInFirstViewport(page, composerText(page, 'Reply text'))).toBe(true)
    expect(await isInFirstViewport(page, page.getByRole('button', { name: 'Send', exact: true }))).toBe(true)
    // Everything has arrived (the composer's chunk, the analysis, the teammate's pill) without a shift.
    const shift = await layoutShift(page)
    console.log(`ticket page CLS at 1440x900, a teammate viewing: ${shift.toFixed(3)}`)
    expect(shift).toBeLessThan(0.1)
    await saveScreenshot(page, 'ticket-page-desktop')

    // Tab reaches the composer before the ticket's fields.
    const reached = await firstReachedByTab(page, {
      composer: page.getByTestId('ticket-composer-slot'),
      fields: fields(page),
    })
    expect(reached.name).toBe('composer')

    // A field saves as it is picked, with no Save button, and the timeline says who did it at once.
    await expect(fields(page).getByRole('button', { name: /^Save / })).toHaveCount(0)
    await fields(page).getByLabel('Priority', { exact: true }).selectOption({ label: 'Low' })
    await expect(timeline(page).getByText(`${owner.name} set priority Low`)).toBeVisible()
    await expect(timeline(agentPage).getByText(`${owner.name} set priority Low`)).toBeVisible()

    // The shortcuts, listed by `?`.
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    for (const label of [
      'Reply to the customer',
      'Write an internal note',
      'Assign the ticket to me',
      'Next ticket',
    ]) {
      await expect(help.getByText(label, { exact: false }).first()).toBeVisible()
    }
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()

    await page.keyboard.press('n')
    await expect(composerText(page, 'Note text')).toBeFocused()
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('r')
    await expect(composerText(page, 'Reply text')).toBeFocused()
    await page.getByRole('heading', { level: 1 }).click()

    await page.keyboard.press('a')
    await expect(timeline(page).getByText(`${owner.name} assigned ${owner.name}`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Assigned to me' })).toBeDisabled()

    // `s` goes to the status; two steps down by arrow key are one change, saved once the keys rest.
    await page.keyboard.press('s')
    const status = fields(page).getByLabel('Status', { exact: true })
    await expect(status).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(timeline(page).getByText(`${owner.name} set status Pending`)).toBeVisible()
    await expect(timeline(page).getByText(`${owner.name} set status In progress`)).toHaveCount(0)
    await expect(page.getByTestId('ticket-badges').getByText('pending', { exact: true })).toBeVisible()

    // j and k walk the tickets as the list runs, newest first: next is the older one.
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('j')
    await expect(page).toHaveURL(isAt('/tickets/1'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#1${OLDER_SUBJECT}`)
    await expect(
      page.getByRole('navigation', { name: 'Tickets' }).getByRole('link', { name: 'Previous' }),
    ).toBeVisible()
    await page.keyboard.press('k')
    await expect(page).toHaveURL(isAt('/tickets/2'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#2${SUBJECT}`)

    // On a phone the conversation comes first too, and nothing scrolls sideways.
    await page.setViewportSize(PHONE)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(message).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0)
    const composerBox = await page.getByTestId('ticket-composer-slot').boundingBox()
    const panelBox = await fields(page).boundingBox()
    expect(composerBox && panelBox && composerBox.y < panelBox.y).toBe(true)
    await saveScreenshot(page, 'ticket-page-phone')
  })

  test('spam, not spam, blocking the sender and deleting, from the ticket page', async ({
    page,
    parsedesk,
    signedIn: owner,
  }) => {
    const subject = `Shipping to Norway ${Date.now()}`
    await openDashboard(page)
    await mailedTicket(page, parsedesk.smtpPort, {
      from: 'sales@watch-deals.example',
      subject,
      text: 'Hello, do you ship to Norway? We would like to order for our shop.',
    })
    await page.goto('/tickets/1')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#1${subject}`)
    const more = page.getByRole('button', { name: 'More actions' })

    await more.click()
    await page.getByRole('menuitem', { name: 'Mark spam', exact: true }).click()
    await expect(toast(page, 'Marked as spam')).toBeVisible()
    await expect(
      timeline(page).getByText(`${owner.name} marked the ticket spam`, { exact: true }),
    ).toBeVisible()
    await expect(page.getByTestId('ticket-badges').getByText('closed', { exact: true })).toBeVisible()

    await more.click()
    await page.getByRole('menuitem', { name: 'Not spam' }).click()
    await expect(toast(page, 'Not spam')).toBeVisible()
    await expect(timeline(page).getByText(`${owner.name} said the ticket is not spam`)).toBeVisible()

    await more.click()
    await page.getByRole('menuitem', { name: 'Mark spam and block everyone at watch-deals.example' }).click()
    await expect(
      timeline(page).getByText(`${owner.name} marked the ticket spam and blocked watch-deals.example`),
    ).toBeVisible()

    await more.click()
    await page.getByRole('menuitem', { name: 'Delete ticket…' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete #1?' })
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await confirm.getByRole('button', { name: 'Delete Ticket' }).click()
    await expect(page).toHaveURL(isAt('/tickets'))
    await expect(toast(page, 'Ticket deleted successfully')).toBeVisible()
    await expect(rows(page).filter({ hasText: subject })).toHaveCount(0)
    await page.goto('/tickets/1')
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  })
})
