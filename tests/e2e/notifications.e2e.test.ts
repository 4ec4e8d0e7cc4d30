import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { newPerson, PROJECT_HEADERS, signUpThroughApi, TICKETS_PATH } from './support/app'
import { closeToasts, hasChromium, SKIP_REASON, WIDE_DESKTOP } from './support/browser'
import { expect, mailedLink, test, verifyByMail } from './support/mail-relay'
import { SCREENSHOT_DIR } from './support/paths'
import { acceptInvitation } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

async function send(request: APIRequestContext, method: 'post' | 'patch', path: string, data: unknown) {
  const response = await request[method](path, { headers: PROJECT_HEADERS, data })
  expect(response.status(), await response.text()).toBeLessThan(300)
  return (await response.json()) as { $id: string; number: number }
}

test.describe('Nothing that needs an agent goes unseen', () => {
  test('agent B’s bell and tab title count live what agent A assigns and mentions; opening one marks it read', async ({
    page,
    context,
    parsedesk,
    relay,
    signedIn: owner,
    openBrowser,
  }) => {
    // Agent B joins the owner's (agent A's) workspace in a browser of their own, with a verified address.
    const { teams } = (await (
      await context.request.get('/v1/teams', { headers: PROJECT_HEADERS })
    ).json()) as {
      teams: { $id: string }[]
    }
    const teamId = teams[0]?.$id ?? ''
    const agent = newPerson('agent')
    await verifyByMail(context.request, relay, { email: owner.email, serverUrl: parsedesk.url })
    await send(context.request, 'post', `/v1/teams/${teamId}/memberships`, {
      roles: ['agent'],
      email: agent.email,
      url: `${parsedesk.url}/invite`,
    })
    const { context: agentContext, page: agentPage } = await openBrowser({ viewport: WIDE_DESKTOP })
    const agentId = await signUpThroughApi(agentContext.request, agent)
    await acceptInvitation(agentPage, await mailedLink(relay, { to: agent.email, pathname: '/invite' }))
    await verifyByMail(agentContext.request, relay, { email: agent.email, serverUrl: parsedesk.url })

    const bell = agentPage.getByTestId('notification-bell')
    const count = agentPage.getByTestId('notification-count')
    await expect(bell).toBeVisible()
    await expect(count).toBeHidden()
    await expect(agentPage).toHaveTitle(/^Parsedesk/)

    // A assigns a ticket to B: B's bell and title rise without a reload, and B gets a mail with its link.
    const ticket = await send(context.request, 'post', TICKETS_PATH, {
      documentId: 'unique()',
      data: {
        email: 'customer@example.com',
        subject: 'Refund for order 1142',
        body: 'Charged twice',
        teamId,
      },
    })
    await send(context.request, 'patch', `${TICKETS_PATH}/${ticket.$id}`, { data: { assigneeId: agentId } })
    await expect(count).toHaveText('1')
    await expect(agentPage).toHaveTitle(/^\(1\) /)
    const mailed = await mailedLink(relay, { to: agent.email, pathname: `/tickets/${ticket.number}` })
    expect(new URL(mailed).searchParams.get('workspace')).toBe(teamId)

    // A mentions B in a note, picking B from the members the composer offers on @: the count rises again.
    await page.goto(`/tickets/${ticket.number}`)
    await page.getByRole('tab', { name: 'Internal note' }).click()
    const noteText = page.getByRole('textbox', { name: 'Note text' })
    await noteText.click()
    await noteText.pressSequentially('@age')
    const offered = page.getByRole('listbox', { name: 'Mention a member' }).getByRole('option')
    await expect(offered).toHaveCount(1)
    await expect(offered).toContainText(agent.name)
    await noteText.press('Enter')
    await noteText.pressSequentially('can you check the second charge?')
    await expect(noteText).toHaveText(`@${agent.name} can you check the second charge?`)
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(count).toHaveText('2')
    await expect(agentPage).toHaveTitle(/^\(2\) /)
    // A is never told of their own actions.
    await page.goto('/tickets')
    await expect(page.getByTestId('notification-bell')).toBeVisible()
    await expect(page.getByTestId('notification-count')).toBeHidden()

    // B opens the list: both, newest first; the assignment opens the ticket and is read.
    await closeToasts(agentPage)
    await bell.click()
    const items = agentPage.getByTestId('notification-item')
    await expect(items).toHaveCount(2)
    await expect(items.nth(0)).toContainText(`${owner.name} mentioned you in a note`)
    await expect(items.nth(1)).toContainText(`${owner.name} assigned you a ticket`)
    await expect(items.nth(1)).toContainText(`#${ticket.number} Refund for order 1142`)
    // The README's picture of the bell, open (saveScreenshot would close the menu with the toasts).
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
    await agentPage.screenshot({
      path: path.join(SCREENSHOT_DIR, 'notification-bell.png'),
      animations: 'disabled',
    })
    await items.nth(1).click()
    await expect(agentPage).toHaveURL(new RegExp(`/tickets/${ticket.number}$`))
    await expect(count).toHaveText('1')
    await expect(agentPage).toHaveTitle(/^\(1\) /)

    // Mark all read: the count and the title's prefix go.
    await bell.click()
    await agentPage.getByRole('button', { name: 'Mark all read' }).click()
    await expect(count).toBeHidden()
    await expect(agentPage).toHaveTitle(/^Parsedesk/)

    // B works in their own workspace now; the mailed link still opens the ticket where it lives.
    await agentPage.keyboard.press('Escape')
    const workspaceChoice = agentPage.getByRole('combobox', { name: 'Workspace' })
    await workspaceChoice.selectOption({ label: `${agent.name}'s workspace` })
    await agentPage.goto(mailed)
    await expect(agentPage.getByRole('heading', { level: 1 })).toHaveText(
      `#${ticket.number}Refund for order 1142`,
    )
    await expect(agentPage).toHaveURL(new RegExp(`/tickets/${ticket.number}$`))
    await expect(workspaceChoice).not.toHaveValue(
      (await workspaceChoice
        .locator('option', { hasText: `${agent.name}'s workspace` })
        .getAttribute('value')) ?? '',
    )
  })
})
