import { RuleMessages, TeamRole } from '@parsedesk/contracts'
import type { Page } from '@playwright/test'
import { newPerson, openDashboard, rows, toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'
import { invite, signUpFromInvitation } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

const STAMP = Date.now()
const EARLIER = `Refund for order 1187 ${STAMP}`
const LATER = `Second refund request ${STAMP}`
const MISSED = `Parcel late ${STAMP}`
const SENTENCE = 'When a new ticket arrives and the subject contains "refund", set priority to High and stop'

function timeline(page: Page) {
  return page.getByRole('list', { name: 'Timeline' })
}

test.describe('Rules', () => {
  test('an owner writes a rule in the editor, dry-runs it on last month’s mail, saves it; the next mail gets its action and the timeline says why', async ({
    page,
    parsedesk,
    signedIn,
  }) => {
    expect(signedIn.email).toMatch(/@/)
    await openDashboard(page)
    const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
    await sendMail(parsedesk.smtpPort, { to: address, subject: EARLIER, text: 'Where is my money?' })
    await expect(rows(page).filter({ hasText: EARLIER })).toBeVisible({ timeout: 30_000 })

    // The rule written in the browser, read back as a sentence.
    await page.goto('/settings/workspace/rules')
    await expect(page.getByText('No rules yet.')).toBeVisible()
    const form = page.getByRole('form', { name: 'New rule' })
    await form.getByLabel('Rule name').fill('Refunds first')
    await form.getByRole('button', { name: 'Add condition' }).click()
    await form.getByLabel('Value of condition 1').fill('refund')
    await form.getByLabel('Priority').selectOption('high')
    await form.getByLabel('Stop here: later rules skip a ticket this one matched').check()
    await expect(form.getByText(SENTENCE)).toBeVisible()

    // The dry run finds the earlier mail's ticket among the last 30 days', and links to it.
    await form.getByRole('button', { name: 'Dry run' }).click()
    const dryRun = form.getByRole('region', { name: RuleMessages.dryRunSummary(1, 1) })
    await expect(dryRun).toBeVisible({ timeout: 15_000 })
    await expect(dryRun.getByRole('link', { name: `#1 ${EARLIER}` })).toHaveAttribute('href', '/tickets/1')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await dryRun.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'rules-editor-dry-run')

    await form.getByRole('button', { name: 'Create rule' }).click()
    await expect(toast(page, 'Rule created')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Rules' }).getByText(SENTENCE)).toBeVisible()

    // The next mail by real SMTP gets the rule's action, and its timeline explains it.
    await openDashboard(page)
    await sendMail(parsedesk.smtpPort, { to: address, subject: LATER, text: 'Please refund me.' })
    await expect(rows(page).filter({ hasText: LATER })).toBeVisible({ timeout: 30_000 })
    await page.goto('/tickets/2')
    await expect(
      page
        .getByRole('complementary', { name: 'Ticket fields' })
        .getByLabel('Priority', { exact: true })
        .locator('option:checked'),
    ).toHaveText('High')
    await expect(timeline(page).getByText(/^Rule “Refunds first” fired/)).toBeVisible()
    await expect(
      timeline(page)
        .getByRole('list', { name: 'What the rule read' })
        .getByText(`the subject was "${LATER}": “contains” held`),
    ).toBeVisible()
    expect(await findAccessibilityViolations(page)).toEqual([])
    await timeline(page).getByRole('list', { name: 'What the rule read' }).scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'rules-timeline')

    // A mail the rule does not match: its timeline says why, with the value the rule read.
    await openDashboard(page)
    await sendMail(parsedesk.smtpPort, { to: address, subject: MISSED, text: 'Where is my parcel?' })
    await expect(rows(page).filter({ hasText: MISSED })).toBeVisible({ timeout: 30_000 })
    await page.goto('/tickets/3')
    await expect(
      timeline(page).getByText(
        `Rule “Refunds first” did not fire: the subject was "${MISSED}": “contains” did not hold`,
      ),
    ).toBeVisible()
  })

  test('a second rule setting the same field is warned about, moved first in the order, and an agent reads both without controls', async ({
    page,
    signedIn,
    openBrowser,
  }) => {
    expect(signedIn.email).toMatch(/@/)
    await page.goto('/settings/workspace/rules')
    const write = async (name: string, word: string, priority: string) => {
      const form = page.getByRole('form', { name: 'New rule' })
      await form.getByLabel('Rule name').fill(name)
      await form.getByRole('button', { name: 'Add condition' }).click()
      await form.getByLabel('Value of condition 1').fill(word)
      await form.getByLabel('Priority').selectOption(priority)
      return form
    }
    await (await write('Refunds first', 'refund', 'high'))
      .getByRole('button', { name: 'Create rule' })
      .click()
    await expect(toast(page, 'Rule created')).toBeVisible()

    // The contract's lint, in the editor before saving: both rules set the priority, differently.
    const form = await write('Newsletters low', 'newsletter', 'low')
    const conflict = '"Refunds first" and "Newsletters low" both set the priority differently'
    await expect(
      form.getByRole('list', { name: 'Warnings' }).getByText(conflict, { exact: false }),
    ).toBeVisible()
    await form.getByRole('button', { name: 'Create rule' }).click()
    await expect(
      page.getByRole('list', { name: 'Rule warnings' }).getByText(conflict, { exact: false }),
    ).toBeVisible()

    // The explicit order: the second rule moved up runs first, and stays first after a reload.
    const names = page.getByRole('list', { name: 'Rules' }).locator('li[data-rule-id] p.font-medium')
    await expect(names).toHaveText(['Refunds first', 'Newsletters low'])
    await page.getByRole('button', { name: 'Move up rule Newsletters low' }).click()
    await expect(names).toHaveText(['Newsletters low', 'Refunds first'])
    await page.reload()
    await expect(names).toHaveText(['Newsletters low', 'Refunds first'])

    // An agent reads the rules as sentences, with no way to change them.
    const agent = newPerson('agent')
    const link = await invite(page, agent.email, TeamRole.agent)
    const { page: agentPage } = await openBrowser()
    await agentPage.goto(link)
    await signUpFromInvitation(agentPage, agent)
    await agentPage.goto('/settings/workspace/rules')
    await expect(
      agentPage
        .getByRole('list', { name: 'Rules' })
        .getByText('When a new ticket arrives and the subject contains "newsletter", set priority to Low'),
    ).toBeVisible()
    await expect(agentPage.getByRole('form', { name: 'New rule' })).toHaveCount(0)
    await expect(
      agentPage.getByRole('button', { name: /^(Edit|Delete|Move up|Move down) rule/ }),
    ).toHaveCount(0)
    expect(await findAccessibilityViolations(agentPage)).toEqual([])
  })
})
