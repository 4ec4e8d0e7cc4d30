import type { APIRequestContext, Page } from '@playwright/test'
import {
  createTicketThroughApi,
  openDashboard,
  PROJECT_HEADERS,
  rows,
  TICKETS_PATH,
  toast,
} from './support/app'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

/** Files a ticket, waits for its analysis (which sets the category), then applies `change` as an agent would. */
async function fileTicket(
  request: APIRequestContext,
  ticket: { subject: string; body: string },
  change: Record<string, unknown> = {},
): Promise<string> {
  const id = await createTicketThroughApi(request, ticket)
  await expect
    .poll(
      async () => {
        const response = await request.get(`${TICKETS_PATH}/${id}`, { headers: PROJECT_HEADERS })
        return ((await response.json()) as { processing_status: string }).processing_status
      },
      { timeout: 30_000 },
    )
    .toBe('completed')
  if (Object.keys(change).length) {
    const response = await request.patch(`${TICKETS_PATH}/${id}`, {
      headers: PROJECT_HEADERS,
      data: { data: change },
    })
    expect(response.status(), await response.text()).toBe(200)
  }
  return id
}

function viewTab(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: 'Ticket views' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
}

function subjectsOf(page: Page) {
  return rows(page).locator('td:nth-child(3)')
}

/** The filters are folded behind their button; opened once, they stay open while the list changes. */
async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: 'Filters' })
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
}

test.describe('Ticket list', () => {
  test('switches views, filters, searches, saves a view, closes in bulk and answers shortcuts', async ({
    page,
    context,
    signedIn: _,
  }) => {
    const request = context.request
    await fileTicket(
      request,
      { subject: 'Refund for order 1042', body: 'The parcel never arrived.' },
      { tags: ['vip'] },
    )
    await fileTicket(request, {
      subject: 'Login page is broken',
      body: 'It shows an error after the password.',
    })
    await fileTicket(
      request,
      { subject: 'Printer jammed again', body: 'Waiting for your answer.' },
      { status: 'pending' },
    )
    await fileTicket(
      request,
      { subject: 'Cheap watches 90% off', body: 'Buy now.' },
      { category: 'spam-marketing' },
    )

    await openDashboard(page)
    await expect(rows(page)).toHaveCount(4)
    // The visible id is the ticket's number in the workspace, linking its page.
    await expect(rows(page).first().locator('td:nth-child(2) a')).toHaveText(/^#\d+$/)
    await expect(page.getByText('4 tickets', { exact: true })).toBeVisible()

    await viewTab(page, 'Pending').click()
    await expect(subjectsOf(page)).toHaveText(['Printer jammed again'])
    // The open views leave spam and waiting tickets out; their counts say so before they are opened.
    await expect(viewTab(page, 'All open')).toContainText('2')
    await viewTab(page, 'All open').click()
    await expect(subjectsOf(page)).toHaveText(['Login page is broken', 'Refund for order 1042'])

    await viewTab(page, 'All tickets').click()
    await openFilters(page)
    await page.getByLabel('Tag').fill('vip')
    await expect(subjectsOf(page)).toHaveText(['Refund for order 1042'])
    await page.getByRole('button', { name: 'Save view' }).click()
    const save = page.getByRole('dialog', { name: 'Save view' })
    await save.getByLabel('View name').fill('VIP customers')
    await save.getByLabel('Share with the workspace').check()
    await save.getByRole('button', { name: 'Save view' }).click()
    await expect(toast(page, 'View “VIP customers” saved')).toBeVisible()
    await expect(viewTab(page, 'VIP customers')).toHaveAttribute('aria-current', 'page')

    await viewTab(page, 'All tickets').click()
    // Categories are offered by their names in the workspace, filtered by their keys.
    await page.getByLabel('Category').selectOption({ label: 'Spam and marketing' })
    await expect(subjectsOf(page)).toHaveText(['Cheap watches 90% off'])
    // The active filter is a chip under the search box: removing it lists every ticket again.
    await page.getByRole('button', { name: 'Remove filter Category: Spam and marketing' }).click()
    await expect(rows(page)).toHaveCount(4)
    await expect(page.getByLabel('Category')).toHaveValue('')
    // All four were filed by the form: none came in by the workspace's parsing address.
    const mailboxes = await request.get('/v1/databases/main/collections/mailboxes/documents', {
      headers: PROJECT_HEADERS,
    })
    const address =
      ((await mailboxes.json()) as { documents: { address: string }[] }).documents[0]?.address ?? ''
    await page.getByLabel('Mailbox').selectOption({ label: 'Form (no mailbox)' })
    await expect(rows(page)).toHaveCount(4)
    await page.getByLabel('Mailbox').selectOption({ label: address })
    await expect(page.getByText('No tickets have been created yet.')).toBeVisible()
    await page.getByLabel('Mailbox').selectOption({ label: 'Any mailbox' })
    // Full-text search reaches the body, not only the subject.
    await page.getByLabel('Search tickets').fill('parcel')
    await expect(subjectsOf(page)).toHaveText(['Refund for order 1042'])
    // A search's rows come without their count; the count is read beside them and follows.
    await expect(page.getByText('1 ticket', { exact: true })).toBeVisible()
    // A search that finds nothing says so, not that the workspace has no tickets.
    await page.getByLabel('Search tickets').fill('zeppelin')
    await expect(page.getByText('No tickets match')).toBeVisible()
    await expect(page.getByText('No tickets have been created yet.')).toHaveCount(0)
    await page.getByLabel('Search tickets').fill('')
    await expect(rows(page)).toHaveCount(4)
    await expect(page.getByText('4 tickets', { exact: true })).toBeVisible()

    await viewTab(page, 'All open').click()
    await expect(rows(page)).toHaveCount(2)
    const firstRowBefore = await rows(page).first().boundingBox()
    await page.getByRole('checkbox', { name: 'Select all listed tickets' }).check()
    const bulk = page.getByRole('region', { name: 'Bulk actions' })
    await expect(bulk).toContainText('2 selected')
    // The bar floats over the window's bottom: the rows stay where they were.
    expect(await rows(page).first().boundingBox()).toEqual(firstRowBefore)
    await bulk.getByLabel('New priority').selectOption('high')
    await bulk.getByRole('button', { name: 'Set priority' }).click()
    await expect(toast(page, '2 tickets set to high priority')).toBeVisible()
    await expect(rows(page).filter({ hasText: 'high' })).toHaveCount(2)
    await page.getByRole('checkbox', { name: 'Select all listed tickets' }).check()
    await bulk.getByLabel('Assign to').selectOption({ index: 1 })
    await bulk.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(toast(page, /^2 tickets assigned to /)).toBeVisible()
    await page.getByRole('checkbox', { name: 'Select all listed tickets' }).check()
    await bulk.getByRole('button', { name: 'Close' }).click()
    await expect(toast(page, '2 tickets closed')).toBeVisible()
    await expect(page.getByText('No tickets have been created yet.')).toBeVisible()
    await viewTab(page, 'Closed').click()
    await expect(subjectsOf(page)).toHaveText(['Login page is broken', 'Refund for order 1042'])

    // Shortcuts, away from the fields: ? lists them, j moves, x selects, / goes to the search box.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(help).toContainText('Open the ticket’s page')
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()
    await page.keyboard.press('j')
    await expect(rows(page).first()).toHaveAttribute('data-focused', 'true')
    await page.keyboard.press('x')
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('1 selected')
    await page.keyboard.press('/')
    await expect(page.getByLabel('Search tickets')).toBeFocused()
    await saveScreenshot(page, 'ticket-list-desktop')
  })

  test('keeps its view, filters, search and sort in the address, through a reload and Back', async ({
    page,
    context,
    signedIn: _,
  }) => {
    const request = context.request
    await fileTicket(
      request,
      { subject: 'Refund for order 1042', body: 'The parcel never arrived.' },
      { tags: ['vip'] },
    )
    await fileTicket(request, { subject: 'Second parcel lost', body: 'Another parcel.' }, { tags: ['vip'] })
    await fileTicket(request, { subject: 'Parcel question', body: 'Where is the parcel?' })
    await fileTicket(request, { subject: 'Printer jammed again', body: 'Waiting.' }, { status: 'pending' })

    await openDashboard(page)
    await expect(rows(page)).toHaveCount(4)
    await viewTab(page, 'All open').click()
    await openFilters(page)
    await page.getByLabel('Tag').fill('vip')
    // Sorted by a click on the Created header: newest first is the view's, a click makes it oldest first.
    await page.getByRole('columnheader', { name: 'Created' }).getByRole('button').click()
    await page.getByLabel('Search tickets').fill('parcel')
    const listed = ['Refund for order 1042', 'Second parcel lost']
    await expect(subjectsOf(page)).toHaveText(listed)
    await expect(page).toHaveURL(/[?&]q=parcel/)

    await expect(page).toHaveURL(/[?&]sort=oldest/)

    const expectRestored = async () => {
      await expect(viewTab(page, 'All open')).toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('button', { name: 'Remove filter Tag: vip' })).toBeVisible()
      await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      )
      await expect(page.getByLabel('Search tickets')).toHaveValue('parcel')
      await expect(subjectsOf(page)).toHaveText(listed)
    }
    await page.reload()
    await expectRestored()

    // To the second ticket's page by its number, and Back to the same list.
    await rows(page).nth(1).locator('td:nth-child(2) a').click()
    await expect(page.getByRole('heading', { name: 'Second parcel lost' })).toBeVisible()
    await page.goBack()
    await expectRestored()

    // A link to the list opens it the same way in another tab.
    const other = await context.newPage()
    await other.goto(page.url())
    await expect(subjectsOf(other)).toHaveText(listed)
    await expect(other.getByLabel('Search tickets')).toHaveValue('parcel')
  })

  test('gives a phone cards with status and priority in sight, and views in a drawer', async ({
    page,
    context,
    signedIn: _,
  }) => {
    await fileTicket(context.request, { subject: 'Refund for order 77', body: 'Where is my money?' })
    await fileTicket(
      context.request,
      { subject: 'Cannot log in', body: 'Password refused.' },
      { status: 'pending' },
    )
    await page.setViewportSize(NARROW_PHONE)
    await openDashboard(page)
    const cards = page.locator('ul[aria-label="Recent tickets"] li[data-ticket-id]')
    await expect(cards).toHaveCount(2)
    for (const badge of await cards.first().locator('[data-slot="badge"]').all()) {
      const box = await badge.boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(NARROW_PHONE.width)
    }
    await page.getByRole('button', { name: /^Views: All tickets/ }).click()
    const drawer = page.getByRole('dialog', { name: 'Views' })
    await expect(drawer.getByRole('button', { name: /^Pending/ })).toContainText('1')
    await drawer.getByRole('button', { name: /^Pending/ }).click()
    await expect(drawer).toBeHidden()
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText('pending')
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0)
  })
})
