import { TeamMessages, TeamRole } from '@parsedesk/contracts'
import { isAt, newPerson, signUpThroughApi } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { closeToasts, hasChromium, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'
import { acceptInvitation, invite, signUpFromInvitation, workspaceOf } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

test.describe('Workspaces', () => {
  test('an invited person joins in one step from the link in the outbox, with no workspace of their own, and works in it as an agent', async ({
    page,
    signedIn: owner,
    openBrowser,
  }) => {
    const workspace = workspaceOf(owner)
    await page.goto('/tickets')
    await expect(page.getByTestId('current-workspace')).toHaveText(workspace)
    await expect(page.getByRole('combobox', { name: 'Workspace' })).toHaveValue(/.+/)

    const agent = newPerson('agent')
    const link = await invite(page, agent.email, TeamRole.agent)
    await closeToasts(page)
    expect(await findAccessibilityViolations(page)).toEqual([])

    // Another browser: the invited person, signed out, is told who invites them and joins in one step, the
    // invited address filled in and the button naming the workspace.
    const { page: guest } = await openBrowser()
    await guest.goto(link)
    await expect(guest.getByRole('heading', { name: `Join ${workspace}` })).toBeVisible()
    await expect(guest.getByRole('button', { name: `Join ${workspace}` })).toBeVisible()
    expect(await findAccessibilityViolations(guest)).toEqual([])
    await signUpFromInvitation(guest, agent)
    await expect(guest.getByTestId('current-workspace')).toHaveText(workspace)
    // Theirs is the one workspace: no empty one of their own was made beside it.
    const switcher = guest.getByRole('combobox', { name: 'Workspace' })
    await expect(switcher).toHaveValue(/.+/)
    await expect(switcher.getByRole('option')).toHaveText([workspace])

    // The link works once.
    await guest.goto(link)
    await guest.getByRole('button', { name: `Join ${workspace}` }).click()
    await expect(guest.getByRole('alert').filter({ hasText: TeamMessages.invitationInvalid })).toBeVisible()

    // An agent sees the members, and no invite form, role controls or outbox.
    await guest.goto('/settings/workspace/members')
    const members = guest.getByRole('list', { name: `Members of ${workspace}` })
    await expect(members.getByText(owner.email, { exact: true })).toBeVisible()
    await expect(members.getByText(agent.email, { exact: true })).toBeVisible()
    await expect(guest.getByText('Agent', { exact: true }).first()).toBeVisible()
    await expect(guest.getByRole('button', { name: 'Leave workspace' })).toBeVisible()
    await expect(guest.getByRole('heading', { name: 'Invite someone' })).toHaveCount(0)
    await expect(guest.getByLabel('Email address')).toHaveCount(0)
    await expect(guest.getByRole('combobox', { name: /^Role of/ })).toHaveCount(0)
    await expect(guest.getByRole('button', { name: /^Remove/ })).toHaveCount(0)
    await guest.goto('/settings/workspace/mail')
    await expect(guest.getByRole('heading', { name: 'Mail kept, not ticketed' })).toBeVisible()
    await expect(guest.getByRole('heading', { name: 'Outbox' })).toHaveCount(0)

    // The owner sees the new member, and the invitation is no longer open.
    await page.goto('/settings/workspace/members')
    await expect(
      page.getByRole('list', { name: `Members of ${workspace}` }).getByText(agent.email, { exact: true }),
    ).toBeVisible()
    await expect(page.getByText('No open invitations.')).toBeVisible()
  })

  test('the header switches workspaces and remembers the choice', async ({
    page,
    signedIn: owner,
    openBrowser,
  }) => {
    // Someone with a workspace of their own already, invited to another.
    const member = newPerson('member')
    const link = await invite(page, member.email, TeamRole.admin)
    const { context, page: other } = await openBrowser()
    await signUpThroughApi(context.request, member)
    await acceptInvitation(other, link)
    await expect(other.getByTestId('current-workspace')).toHaveText(workspaceOf(owner))

    const switcher = other.getByRole('combobox', { name: 'Workspace' })
    await switcher.selectOption({ label: workspaceOf(member) })
    await expect(other.getByTestId('current-workspace')).toHaveText(workspaceOf(member))
    await other.reload()
    await expect(other.getByTestId('current-workspace')).toHaveText(workspaceOf(member))
    await other.goto('/settings/workspace')
    await expect(other.getByRole('heading', { name: 'Workspace settings' })).toBeVisible()
    await expect(other.getByLabel('Workspace name')).toHaveValue(workspaceOf(member))

    // By keyboard too: focus the switcher and pick with the arrow keys.
    await switcher.focus()
    await switcher.press('ArrowUp')
    await expect(other.getByLabel('Workspace name')).toHaveValue(workspaceOf(owner))
  })

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE })

    test('the menu holds the switcher and the settings link, and no screen scrolls sideways at 360 px', async ({
      page,
      signedIn: owner,
      openBrowser,
    }) => {
      const link = await invite(page, newPerson('someone').email, TeamRole.agent)
      await page.goto('/tickets')
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('navigation', { name: 'Menu' })
      await expect(menu.getByRole('combobox', { name: 'Workspace' })).toBeVisible()
      await menu.getByRole('link', { name: 'Workspace settings' }).click()
      await expect(page).toHaveURL(isAt('/settings/workspace'))
      await expect(menu).toBeHidden()
      await expect(page.getByLabel('Workspace name')).toHaveValue(workspaceOf(owner))

      const { page: guest } = await openBrowser({ viewport: { width: 360, height: 740 } })
      await guest.goto(link)
      await expect(guest.getByRole('button', { name: `Join ${workspaceOf(owner)}` })).toBeVisible()
      await saveScreenshot(guest, 'invite-phone')
      for (const screen of [page, guest]) {
        await screen.setViewportSize({ width: 360, height: 740 })
        await expect
          .poll(() => screen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
          .toBe(0)
      }
    })
  })
})
