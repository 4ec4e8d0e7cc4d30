import { RuleMessages } from '@parsedesk/contracts'
import { toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

const SENTENCE =
  'When the minute’s check finds a ticket and the SLA resolution is breached, set priority to High and add tag escalated'

test('an owner writes an escalation rule on the SLA in the editor: refused on a new ticket, saved as a scheduled rule', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toMatch(/@/)
  await page.goto('/settings/workspace/rules')
  const form = page.getByRole('form', { name: 'New rule' })
  await form.getByLabel('Rule name').fill('Escalate late tickets')
  await form.getByRole('button', { name: 'Add condition' }).click()
  await form.getByLabel('Field of condition 1').selectOption('sla.resolution')
  await expect(form.getByLabel('Test of condition 1').locator('option:checked')).toHaveText('is breached')
  await form.getByLabel('Priority').selectOption('high')
  await form.getByRole('button', { name: 'Add action' }).click()
  await form.getByLabel('Action 2').selectOption('add-tags')
  await form.getByLabel('Tags (separated by commas)').fill('escalated')

  // A new ticket has no SLA clock yet: the editor says so before anything is saved.
  await form.getByRole('button', { name: 'Create rule' }).click()
  await expect(form.getByText(RuleMessages.slaNotOnCreate)).toBeVisible()

  await form.getByLabel('Runs').selectOption('scheduled')
  await expect(form.getByText(RuleMessages.slaNotOnCreate)).toBeHidden()
  await expect(form.getByText(SENTENCE)).toBeVisible()
  expect(await findAccessibilityViolations(page)).toEqual([])
  await saveScreenshot(page, 'rules-escalation')
  await form.getByRole('button', { name: 'Create rule' }).click()
  await expect(toast(page, 'Rule created')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Rules' }).getByText(SENTENCE)).toBeVisible()
})
