import { TeamRole } from '@parsedesk/contracts'
import { newPerson, toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { closeToasts, hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'
import { invite, signUpFromInvitation } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

test.describe('Groups and macros', () => {
  test('an owner creates a group and a macro, previewed on a sample ticket; an agent reads them without the controls', async ({
    page,
    signedIn: owner,
    openBrowser,
  }) => {
    await page.goto('/settings/workspace/members')
    const groups = page.getByRole('list', { name: 'Groups' })
    await expect(page.getByText('No groups yet.')).toBeVisible()

    // A group with its owner as member, then renamed.
    const newGroup = page.getByRole('form', { name: 'New group' })
    await newGroup.getByLabel('Group name').fill('Billing')
    await newGroup.getByLabel('Description').fill('Invoices and refunds')
    await newGroup.getByRole('checkbox', { name: owner.name }).check()
    await newGroup.getByRole('button', { name: 'Create group' }).click()
    await expect(toast(page, 'Group created')).toBeVisible()
    await expect(groups.getByRole('listitem')).toHaveCount(1)
    await expect(groups.getByText('Invoices and refunds')).toBeVisible()
    await expect(groups.getByText(owner.name, { exact: true })).toBeVisible()
    await expect(newGroup.getByLabel('Group name')).toHaveValue('')

    await groups.getByRole('button', { name: 'Edit group Billing' }).click()
    const editGroup = page.getByRole('form', { name: 'Edit group Billing' })
    await editGroup.getByLabel('Group name').fill('Billing EU')
    await editGroup.getByRole('button', { name: 'Save group' }).click()
    await expect(groups.getByText('Billing EU', { exact: true })).toBeVisible()

    // A macro, in its own section: its text previewed on a sample ticket as it is typed, an unknown
    // placeholder kept in sight.
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Macros' })
      .click()
    const newMacro = page.getByRole('form', { name: 'New macro' })
    await newMacro.getByLabel('Macro name').fill('Refund sent')
    await newMacro
      .getByLabel('Reply text')
      .fill('Hi {{requester.name}}, the refund for {{ticket.number}} is on its way ({{order.id}}).')
    await newMacro.getByLabel('Status').selectOption('pending')
    await newMacro.getByLabel('Tags to add').fill('Refund')
    await newMacro.getByLabel('Assignee').selectOption({ label: 'Whoever applies it' })
    const preview = newMacro.getByRole('region', { name: 'Preview' })
    await expect(preview.getByTestId('macro-preview')).toHaveText(
      'Hi Ada Lovelace, the refund for #1042 is on its way ({{order.id}}).',
    )
    await expect(preview.getByText('Not filled in: {{order.id}}')).toBeVisible()
    await expect(
      preview.getByText('Set status pending, add tag refund, assign it to whoever applies the macro.'),
    ).toBeVisible()
    // The macro section as an owner sees it, the preview open.
    await saveScreenshot(page, 'groups-macros-desktop')
    await newMacro.getByRole('button', { name: 'Create macro' }).click()
    await expect(toast(page, 'Macro created')).toBeVisible()
    const macros = page.getByRole('list', { name: 'Macros' })
    await expect(macros.getByText('Refund sent', { exact: true })).toBeVisible()

    // The same name again, whatever its case, is refused with the server's words.
    await page.goBack()
    await expect(groups.getByText('Billing EU', { exact: true })).toBeVisible()
    await newGroup.getByLabel('Group name').fill('BILLING eu')
    await newGroup.getByRole('button', { name: 'Create group' }).click()
    await expect(newGroup.getByRole('alert')).toHaveText(
      'A group of that name already exists in this workspace',
    )

    await closeToasts(page)
    expect(await findAccessibilityViolations(page)).toEqual([])

    // An agent of the workspace reads both, with no way to change them.
    const agent = newPerson('agent')
    const link = await invite(page, agent.email, TeamRole.agent)
    const { page: agentPage } = await openBrowser()
    await agentPage.goto(link)
    await signUpFromInvitation(agentPage, agent)
    await agentPage.goto('/settings/workspace/members')
    await expect(
      agentPage.getByRole('list', { name: 'Groups' }).getByText('Billing EU', { exact: true }),
    ).toBeVisible()
    await expect(agentPage.getByText('Only owners and admins can change them.')).toHaveCount(1)
    await expect(agentPage.getByRole('form', { name: 'New group' })).toHaveCount(0)
    await expect(agentPage.getByRole('button', { name: /^(Edit|Delete) group/ })).toHaveCount(0)
    await agentPage.goto('/settings/workspace/macros')
    await expect(
      agentPage.getByRole('list', { name: 'Macros' }).getByText('Refund sent', { exact: true }),
    ).toBeVisible()
    await expect(agentPage.getByText('Only owners and admins can change them.')).toHaveCount(1)
    await expect(agentPage.getByRole('form', { name: 'New macro' })).toHaveCount(0)
    await expect(agentPage.getByRole('button', { name: /^(Edit|Delete) macro/ })).toHaveCount(0)

    // The owner deletes the group, once confirmed.
    await page.goto('/settings/workspace/members')
    await groups.getByRole('button', { name: 'Delete group Billing EU' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete group' }).click()
    await expect(page.getByText('No groups yet.')).toBeVisible()
  })
})
