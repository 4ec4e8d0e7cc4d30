import type { Page } from '@playwright/test'
import { isAt, toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { workspaceOf } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

const SECTIONS = [
  { label: 'General', path: '/settings/workspace' },
  { label: 'Mailboxes and sending', path: '/settings/workspace/mail' },
  { label: 'Members and groups', path: '/settings/workspace/members' },
  { label: 'Macros', path: '/settings/workspace/macros' },
  { label: 'Categories', path: '/settings/workspace/categories' },
  { label: 'Spam', path: '/settings/workspace/spam' },
  { label: 'Notifications', path: '/settings/workspace/notifications' },
]

const nav = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' })
/** The section shown beside the navigation, named by its heading (a one-card section's card repeats it). */
const sectionHeading = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight)

test.describe('Workspace settings, in sections', () => {
  test.use({ viewport: WIDE_DESKTOP })

  test('a side navigation of what exists, each section its own address: links, Back and a deep link work', async ({
    page,
    signedIn: owner,
    openBrowser,
  }, testInfo) => {
    await page.goto('/settings/workspace')
    // Rules, templates, custom fields and the last sections, surveys and auto-close and SLA, have tests of
    // their own (rules, templates, satisfaction and sla-settings .e2e.test.ts).
    await expect(nav(page).getByRole('link')).toHaveText([
      ...SECTIONS.flatMap((section) =>
        section.label === 'Macros' ? [section.label, 'Rules', 'Templates', 'Custom fields'] : [section.label],
      ),
      'Surveys and auto-close',
      'SLA and business hours',
    ])
    await expect(nav(page).getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page')
    await expect(sectionHeading(page, 'General')).toBeVisible()
    await expect(page.getByLabel('Workspace name')).toHaveValue(workspaceOf(owner))

    // Every section on its own, none of them the old 4,574-px page of every card.
    const heights: string[] = []
    for (const { label, path } of SECTIONS) {
      await nav(page).getByRole('link', { name: label }).click()
      await expect(page).toHaveURL(isAt(path))
      await expect(sectionHeading(page, label)).toBeVisible()
      await expect(nav(page).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page')
      await page.waitForLoadState('networkidle')
      heights.push(`${label}: ${await pageHeight(page)} px`)
    }
    await testInfo.attach('page height per section at 1440 px', { body: heights.join('\n') })
    // Notifications: how long a group's ticket waits unassigned before its members hear, saved as chosen.
    const wait = page.getByLabel('Notify the group after')
    await expect(wait).toHaveValue('15')
    await wait.selectOption({ label: '30 minutes' })
    await expect(toast(page, 'Unassigned notice saved')).toBeVisible()
    await page.reload()
    await expect(wait).toHaveValue('30')
    await expect(page.getByRole('list', { name: 'Macros' })).toHaveCount(0)

    // Back walks the sections visited, each restored.
    await page.goBack()
    await expect(page).toHaveURL(isAt('/settings/workspace/spam'))
    await expect(page.getByText('Nobody is blocked.')).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(isAt('/settings/workspace/categories'))
    await expect(page.getByRole('list', { name: 'Categories' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(isAt('/settings/workspace/macros'))
    await expect(sectionHeading(page, 'Macros')).toBeVisible()

    // The members section, taken for the README at 1440 px.
    await nav(page).getByRole('link', { name: 'Members and groups' }).click()
    await expect(page.getByRole('list', { name: `Members of ${workspaceOf(owner)}` })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Groups' }).or(page.getByText('No groups yet.')),
    ).toBeVisible()
    await saveScreenshot(page, 'workspace-settings-nav-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    // A link to a section opens it, in another tab; one that does not exist says so beside the navigation.
    const { page: other } = await openBrowser({ storageState: await page.context().storageState() })
    await other.goto('/settings/workspace/mail')
    await expect(sectionHeading(other, 'Mailboxes and sending')).toBeVisible()
    await expect(other.getByTestId('parsing-address')).toHaveText(/@/)
    await other.goto('/settings/workspace/no-such-section')
    await expect(sectionHeading(other, 'No such settings section')).toBeVisible()
    await expect(nav(other).getByRole('link', { name: 'General' })).toBeVisible()
  })

  test('on a phone the sections are a row above the section, and no screen scrolls sideways', async ({
    page,
    signedIn: owner,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/settings/workspace/members')
    await expect(page.getByRole('list', { name: `Members of ${workspaceOf(owner)}` })).toBeVisible()
    const navBox = await nav(page).boundingBox()
    const headingBox = await sectionHeading(page, 'Members and groups').boundingBox()
    expect(navBox && headingBox && navBox.y < headingBox.y).toBe(true)
    // The current section is brought into the row's view.
    await expect(nav(page).getByRole('link', { name: 'Members and groups' })).toBeInViewport({ ratio: 1 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0)
    await saveScreenshot(page, 'workspace-settings-nav-phone')
    expect(await findAccessibilityViolations(page)).toEqual([])

    // The last section is reached by scrolling the row itself.
    await nav(page).getByRole('link', { name: 'Notifications' }).click()
    await expect(page).toHaveURL(isAt('/settings/workspace/notifications'))
    await expect(sectionHeading(page, 'Notifications')).toBeVisible()
    await expect(nav(page).getByRole('link', { name: 'Notifications' })).toBeInViewport({ ratio: 1 })
  })

  test('General makes a new workspace of one’s own, which becomes the current one', async ({
    page,
    signedIn: _,
  }) => {
    await page.goto('/settings/workspace')
    const form = page.getByRole('form', { name: 'New workspace' })
    await form.getByLabel('Name of the new workspace').fill('Second desk')
    await form.getByRole('button', { name: 'Create workspace' }).click()
    await expect(toast(page, 'Workspace created')).toBeVisible()
    await expect(page.getByLabel('Workspace name')).toHaveValue('Second desk')
    await expect(page.getByRole('combobox', { name: 'Workspace' }).getByRole('option')).toHaveCount(2)
  })
})
