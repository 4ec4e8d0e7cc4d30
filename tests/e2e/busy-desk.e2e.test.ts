import type { Page } from '@playwright/test'
import { createTicketThroughApi, newPerson, PROJECT_HEADERS, rows, TICKETS_PATH } from './support/app'
import { hasChromium, PHONE, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { invite, signUpFromInvitation } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)
test.use({ viewport: WIDE_DESKTOP })

// Enough for the list to page (50 a request) twice and for the reports to have a shape: the screens
// were only ever looked at with a handful of tickets.
const TICKETS = 120
const PRIORITIES = ['low', 'medium', 'high'] as const

/** How far the page is wider than the window: 0 when nothing sideways needs scrolling. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

function view(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: 'Ticket views' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
}

test('a desk with over a hundred tickets and two agents: the inbox pages and counts them at 1440 px and on a phone, the agent sees an assignment live, and the reports and the agent board hold them', async ({
  page,
  context,
  signedIn: owner,
  openBrowser,
}) => {
  test.setTimeout(240_000)
  const agent = newPerson('agent')
  const link = await invite(page, agent.email, 'agent')
  const phone = await openBrowser({ viewport: PHONE })
  await phone.page.goto(link)
  await signUpFromInvitation(phone.page, agent)

  const ids: string[] = []
  for (let start = 0; start < TICKETS; start += 20) {
    const batch = Array.from({ length: Math.min(20, TICKETS - start) }, (_, i) => start + i)
    ids.push(
      ...(await Promise.all(
        batch.map((n) =>
          createTicketThroughApi(context.request, {
            subject: `Order ${1000 + n}: ${n % 3 === 0 ? 'refund for a damaged parcel' : 'where is my delivery'}`,
            body: `Customer ${n} asks about order ${1000 + n}.`,
            email: `customer${n % 37}@shop.example`,
          }),
        ),
      )),
    )
  }
  const reprioritised = await Promise.all(
    ids.slice(-30).map((id, n) =>
      context.request.patch(`${TICKETS_PATH}/${id}`, {
        headers: PROJECT_HEADERS,
        data: { data: { priority: PRIORITIES[n % PRIORITIES.length] } },
      }),
    ),
  )
  expect(reprioritised.map((response) => response.status())).toEqual(reprioritised.map(() => 200))

  await page.goto('/tickets')
  await expect(view(page, 'All open')).toHaveText(new RegExp(`^All open\\s*${TICKETS}$`))
  // Only the rows in sight are drawn; the table tells how many are loaded, and the last one is reached.
  const table = page.getByRole('table', { name: 'Recent tickets' })
  await expect(table).toHaveAttribute('aria-rowcount', '51')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(table).toHaveAttribute('aria-rowcount', '101')
  await expect
    .poll(async () => {
      await rows(page).last().scrollIntoViewIfNeeded()
      return rows(page).last().getAttribute('aria-rowindex')
    })
    .toBe('101')
  await expect(page.getByRole('link', { name: `#${TICKETS - 99}`, exact: true })).toBeVisible()
  await expect.poll(() => overflow(page)).toBe(0)
  await page.evaluate(() => {
    for (let at = document.querySelector('table[aria-label="Recent tickets"]'); at; at = at.parentElement)
      at.scrollTop = 0
  })
  await saveScreenshot(page, 'busy-inbox-desktop')

  // The other agent, on a phone, at the same time: the list fits, and a ticket given to her shows up as hers.
  await phone.page.goto('/tickets')
  await expect(
    phone.page.locator('ul[aria-label="Recent tickets"] li[data-ticket-id]').first(),
  ).toHaveAttribute('aria-setsize', '50')
  await expect.poll(() => overflow(phone.page)).toBe(0)
  const agentId = await phone.page.evaluate(async () => {
    const response = await fetch('/v1/account', { headers: { 'x-appwrite-project': 'parsedesk' } })
    return ((await response.json()) as { $id: string }).$id
  })
  const assign = (id: string | undefined, assigneeId: string) =>
    context.request.patch(`${TICKETS_PATH}/${id}`, {
      headers: PROJECT_HEADERS,
      data: { data: { assigneeId } },
    })
  const given = await assign(ids[7], agentId)
  expect(given.status(), await given.text()).toBe(200)
  await phone.page.getByRole('button', { name: /^Views: / }).click()
  await expect(view(phone.page, 'My open')).toHaveText(/^My open\s*1$/)
  const assigned = await Promise.all(ids.slice(40, 69).map((id) => assign(id, agentId)))
  expect(assigned.map((response) => response.status())).toEqual(assigned.map(() => 200))
  await expect(view(phone.page, 'My open')).toHaveText(/^My open\s*30$/)
  await phone.page.keyboard.press('Escape')
  // Thirty changes to tickets past the loaded page are not thirty more tickets.
  await expect(phone.page.getByText(`${TICKETS} tickets`, { exact: true })).toBeVisible()
  await saveScreenshot(phone.page, 'busy-inbox-phone')

  await page.goto('/reports')
  const headline = page.getByRole('region', { name: 'Headline numbers' })
  await expect(headline.getByRole('button', { name: String(TICKETS), exact: true })).toBeVisible()
  await expect.poll(() => overflow(page)).toBe(0)
  await saveScreenshot(page, 'busy-reports-desktop', { fullPage: true })

  // The agent board lists the agents of a routed group with their open tickets against the cap.
  await page.goto('/settings/workspace/members')
  const newGroup = page.getByRole('form', { name: 'New group' })
  await newGroup.getByLabel('Group name').fill('Orders')
  await newGroup.getByRole('checkbox', { name: owner.name }).check()
  await newGroup.getByRole('checkbox', { name: agent.name }).check()
  await newGroup.getByLabel('Routing').selectOption({ label: 'Least loaded' })
  await newGroup.getByLabel('Open tickets per agent (cap)').fill('200')
  await newGroup.getByRole('button', { name: 'Create group' }).click()
  const agents = page.getByRole('table', { name: 'Agents' })
  await expect(agents.getByRole('row', { name: new RegExp(agent.name) })).toContainText('30 of 200')
  await expect(agents.getByRole('row', { name: new RegExp(owner.name) })).toContainText('0 of 200')
  await expect.poll(() => overflow(page)).toBe(0)
  await page.getByRole('heading', { name: 'Agent board' }).scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'busy-agent-board-desktop')
})
