import type { APIRequestContext, Page } from '@playwright/test'
import { createTicketThroughApi, openDashboard, PROJECT_HEADERS, rows, TICKETS_PATH } from './support/app'
import { hasChromium, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'

test.skip(!hasChromium, SKIP_REASON)

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: PROJECT_HEADERS })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

async function change(request: APIRequestContext, ticketId: string, data: Record<string, unknown>) {
  const response = await request.patch(`${TICKETS_PATH}/${ticketId}`, {
    headers: PROJECT_HEADERS,
    data: { data },
  })
  expect(response.status(), await response.text()).toBe(200)
}

function view(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: 'Ticket views' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
}

/** A view's line in the side navigation reads its name, then its count. */
function expectCount(page: Page, name: string, count: number) {
  return expect(view(page, name)).toHaveText(new RegExp(`^${name}\\s*${count}$`))
}

function subjectsOf(page: Page) {
  return rows(page).locator('td:nth-child(3)')
}

/** A customer's mail to the workspace's parsing address; resolves with the ticket it became. */
async function mailFromCustomer(
  request: APIRequestContext,
  smtpPort: number,
  mail: { subject: string; messageId: string; inReplyTo?: string },
): Promise<string> {
  const { documents } = await getJson<{ documents: { address: string }[] }>(
    request,
    '/v1/databases/main/collections/mailboxes/documents',
  )
  await sendMail(smtpPort, { to: documents[0]?.address ?? '', text: `About ${mail.subject}.`, ...mail })
  const subject = mail.subject.replace(/^Re: /, '')
  let ticketId = ''
  await expect
    .poll(async () => {
      const tickets = await getJson<{ documents: { $id: string; subject: string }[] }>(request, TICKETS_PATH)
      ticketId = tickets.documents.find((ticket) => ticket.subject === subject)?.$id ?? ''
      return ticketId
    })
    .not.toBe('')
  return ticketId
}

test.describe('The list as the agent’s inbox', () => {
  test('keeps its views’ counts right as tickets arrive and change, and sorts by a click on a header', async ({
    page,
    context,
    signedIn: _,
  }) => {
    const request = context.request
    const low = await createTicketThroughApi(request, { subject: 'Low one', body: 'Whenever.' })
    await change(request, low, { priority: 'low' })
    await openDashboard(page)
    await expectCount(page, 'All open', 1)
    await expectCount(page, 'Closed', 0)

    // Filed and closed elsewhere (another agent, the API): the counts follow with no reload.
    const high = await createTicketThroughApi(request, { subject: 'High one', body: 'Now please.' })
    await change(request, high, { priority: 'high' })
    await expectCount(page, 'All open', 2)
    await change(request, low, { status: 'closed' })
    await expectCount(page, 'Closed', 1)
    await expectCount(page, 'All open', 1)
    await expectCount(page, 'All tickets', 2)

    await expect(subjectsOf(page)).toHaveText(['High one', 'Low one'])
    const created = page.getByRole('columnheader', { name: 'Created' })
    await expect(created).toHaveAttribute('aria-sort', 'descending')
    await created.getByRole('button').click()
    await expect(created).toHaveAttribute('aria-sort', 'ascending')
    await expect(subjectsOf(page)).toHaveText(['Low one', 'High one'])
    await page.getByRole('columnheader', { name: 'Priority' }).getByRole('button').click()
    await expect(page.getByRole('columnheader', { name: 'Priority' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await expect(subjectsOf(page)).toHaveText(['High one', 'Low one'])
    await expect(page).toHaveURL(/[?&]sort=priority/)
    // Statuses read as words, on a label of their own shape: "open" is not a red filled badge as "high" is.
    await expect(rows(page).first().locator('[data-slot="badge"]').first()).toHaveText('open')
    await expect(rows(page).last().locator('[data-slot="badge"]').first()).toHaveText('closed')
  })

  test('raises a ticket the customer answered to the top of My open, sorted by last activity', async ({
    page,
    context,
    parsedesk,
    signedIn: _,
  }) => {
    const request = context.request
    const me = (await getJson<{ $id: string }>(request, '/v1/account')).$id
    const stamp = Date.now()
    const first = await mailFromCustomer(request, parsedesk.smtpPort, {
      subject: `Invoice twice ${stamp}`,
      messageId: `<invoice-${stamp}@customer-corp.example>`,
    })
    const second = await mailFromCustomer(request, parsedesk.smtpPort, {
      subject: `Password reset ${stamp}`,
      messageId: `<reset-${stamp}@customer-corp.example>`,
    })
    for (const ticketId of [first, second]) await change(request, ticketId, { assigneeId: me })

    await page.setViewportSize(WIDE_DESKTOP)
    await openDashboard(page)
    await view(page, 'My open').click()
    await expect(page.getByRole('button', { name: 'Remove filter Assignee: Me' })).toBeVisible()
    // The triager's columns, chosen once and kept for this member.
    await page.getByRole('button', { name: 'Columns' }).click()
    for (const column of ['Requester', 'Assignee', 'Category', 'Last activity'])
      await page.getByRole('checkbox', { name: column }).check()
    // The requester's name carries the address on hover: the Email column may go, and Processing with it.
    for (const column of ['Email', 'Processing']) await page.getByRole('checkbox', { name: column }).uncheck()
    await page.getByRole('button', { name: 'Columns' }).click()
    const activity = page.getByRole('columnheader', { name: 'Last activity' })
    await activity.getByRole('button').click()
    await expect(activity).toHaveAttribute('aria-sort', 'descending')
    await expect(subjectsOf(page)).toHaveText([`Password reset ${stamp}`, `Invoice twice ${stamp}`])
    await expect(rows(page).first().locator('td[title]')).toHaveAttribute(
      'title',
      'dana@customer-corp.example',
    )

    await mailFromCustomer(request, parsedesk.smtpPort, {
      subject: `Re: Invoice twice ${stamp}`,
      messageId: `<invoice-answer-${stamp}@customer-corp.example>`,
      inReplyTo: `<invoice-${stamp}@customer-corp.example>`,
    })
    await expect(subjectsOf(page)).toHaveText([`Invoice twice ${stamp}`, `Password reset ${stamp}`])
    await page.getByTestId('ticket-list-scroll').evaluate((box) => box.scrollTo(0, 0))
    await saveScreenshot(page, 'ticket-inbox-desktop')

    await page.reload()
    await expect(page.getByRole('columnheader', { name: 'Last activity' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  })

  test('shows a phone its first ticket without scrolling, the views in a drawer', async ({
    page,
    context,
    signedIn: _,
  }) => {
    for (const subject of ['Refund for order 77', 'Cannot log in', 'Export is empty'])
      await createTicketThroughApi(context.request, { subject, body: `About ${subject}.` })
    await page.setViewportSize({ width: 390, height: 844 })
    await openDashboard(page)
    const cards = page.locator('ul[aria-label="Recent tickets"] li[data-ticket-id]')
    await expect(cards).toHaveCount(3)
    const box = await cards.first().boundingBox()
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(844)
    await expect(page.getByRole('button', { name: /^Views: All tickets/ })).toBeVisible()
    await saveScreenshot(page, 'ticket-inbox-phone')
  })
})
