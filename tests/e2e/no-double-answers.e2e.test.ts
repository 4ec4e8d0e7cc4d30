import { UndoSend } from '@parsedesk/contracts'
import type { APIRequestContext, Page } from '@playwright/test'
import { newPerson, PROJECT_HEADERS, signUpThroughApi, TICKETS_PATH } from './support/app'
import { hasChromium, SKIP_REASON } from './support/browser'
import { expect, mailedLink, test, verifyByMail } from './support/mail-relay'
import { CUSTOMER, sendMail } from './support/smtp'
import { acceptInvitation } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: PROJECT_HEADERS })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

/** A customer's mail to the workspace, and the number of the ticket it became. */
async function ticketFromCustomer(request: APIRequestContext, smtpPort: number, subject: string) {
  const { documents } = await getJson<{ documents: { address: string }[] }>(
    request,
    '/v1/databases/main/collections/mailboxes/documents',
  )
  await sendMail(smtpPort, {
    to: documents[0]?.address ?? '',
    subject,
    text: 'The CSV export button does nothing since Monday.',
    messageId: `<${Date.now()}@customer-corp.example>`,
  })
  let number = 0
  await expect
    .poll(async () => {
      const tickets = await getJson<{ documents: { number: number; subject: string }[] }>(
        request,
        TICKETS_PATH,
      )
      number = tickets.documents.find((ticket) => ticket.subject === subject)?.number ?? 0
      return number
    })
    .toBeGreaterThan(0)
  return number
}

function editor(page: Page) {
  return page.getByRole('textbox', { name: 'Reply text' })
}

async function write(page: Page, text: string) {
  await editor(page).click()
  await editor(page).pressSequentially(text)
}

test.describe('No customer gets two answers', () => {
  test('a second agent’s draft that missed the first one’s reply is stopped, shown what came, and sent only when they choose', async ({
    page,
    context,
    parsedesk,
    relay,
    signedIn: owner,
    openBrowser,
  }) => {
    // The relay serves every test of this Playwright worker: count only what arrives during this one.
    const earlier = relay.arrived.length
    // A second agent in the owner's workspace, in a browser of their own.
    const { teams } = await getJson<{ teams: { $id: string }[] }>(context.request, '/v1/teams')
    const teamId = teams[0]?.$id ?? ''
    const agent = newPerson('agent')
    await verifyByMail(context.request, relay, { email: owner.email, serverUrl: parsedesk.url })
    const invited = await context.request.post(`/v1/teams/${teamId}/memberships`, {
      headers: PROJECT_HEADERS,
      data: { roles: ['agent'], email: agent.email, url: `${parsedesk.url}/invite` },
    })
    expect(invited.status(), await invited.text()).toBe(201)
    const { context: agentContext, page: agentPage } = await openBrowser()
    await signUpThroughApi(agentContext.request, agent)
    await acceptInvitation(agentPage, await mailedLink(relay, { to: agent.email, pathname: '/invite' }))

    const subject = `Export broken ${Date.now()}`
    const number = await ticketFromCustomer(context.request, parsedesk.smtpPort, subject)
    await page.goto(`/tickets/${number}`)
    await agentPage.goto(`/tickets/${number}`)

    // The agent starts an answer; meanwhile the owner answers and sends.
    await write(agentPage, 'We are looking into it.')
    await write(page, 'Fixed in 2.4.1, please update.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByRole('status').getByText('Reply sent.')).toBeVisible()
    const toCustomer = () =>
      relay.arrived.slice(earlier).filter((mail) => mail.envelope.to.includes(CUSTOMER))
    await expect.poll(() => toCustomer().length).toBe(1)

    // The agent's send is stopped: who answered and when, and nothing mailed.
    await agentPage.getByRole('button', { name: 'Send', exact: true }).click()
    const stale = agentPage.getByTestId('stale-draft')
    await expect(stale).toContainText(
      `${owner.name} replied just now, after you started this reply. It was not sent.`,
    )
    await expect(editor(agentPage)).toHaveText('We are looking into it.')
    // Review: the owner's reply is on the agent's timeline, and the draft has now seen it.
    await stale.getByRole('button', { name: 'Review' }).click()
    await expect(stale).toBeHidden()
    await expect(
      agentPage.getByRole('list', { name: 'Timeline' }).getByText(`${owner.name} replied`),
    ).toBeVisible()

    // The owner answers once more; the agent's next send is stopped again, and goes when they say so.
    await write(page, 'And restart the app.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => toCustomer().length).toBe(2)
    await agentPage.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(stale).toContainText(`${owner.name} replied just now`)
    expect(toCustomer().length).toBe(2)
    await stale.getByRole('button', { name: 'Send anyway' }).click()
    await expect(agentPage.getByRole('status').getByText('Reply sent.')).toBeVisible()
    await expect.poll(() => toCustomer().length).toBe(3)
    expect(toCustomer().filter((mail) => mail.email.text?.includes('We are looking into it.'))).toHaveLength(
      1,
    )
  })

  test('a reply waits out the workspace’s undo window: undone it never reaches the relay, and the next one goes once', async ({
    page,
    context,
    parsedesk,
    relay,
    signedIn: _owner,
  }) => {
    // The owner chooses the workspace's window in its settings; it is saved as chosen.
    await page.goto('/settings/workspace/mail')
    const undoWindow = page.getByLabel('Replies wait')
    await undoWindow.selectOption({ label: `${UndoSend.minSeconds} seconds` })
    await expect(page.getByText('Undo window saved')).toBeVisible()
    await page.reload()
    await expect(undoWindow).toHaveValue(String(UndoSend.minSeconds))
    const subject = `Undo me ${Date.now()}`
    const number = await ticketFromCustomer(context.request, parsedesk.smtpPort, subject)
    await page.goto(`/tickets/${number}`)
    const toCustomer = (text: string) =>
      relay.arrived.filter((mail) => mail.envelope.to.includes(CUSTOMER) && mail.email.text?.includes(text))

    await write(page, 'Wrong ticket, sorry.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const sending = page.getByTestId('undo-send')
    await expect(sending).toContainText('Sending…')
    await sending.getByRole('button', { name: 'Undo' }).click()
    await expect(
      page.getByRole('status').getByText('Not sent: the reply is back here to edit.'),
    ).toBeVisible()
    await expect(editor(page)).toHaveText('Wrong ticket, sorry.')
    await expect(
      page
        .getByRole('list', { name: 'Timeline' })
        .getByTestId('delivery-state')
        .filter({ hasText: 'Withdrawn' }),
    ).toBeVisible()

    // Its window long past, the relay never got it.
    await page.waitForTimeout((UndoSend.minSeconds + 2) * 1000)
    expect(toCustomer('Wrong ticket, sorry.')).toHaveLength(0)

    // Written again and left alone: "Sending…" until the window passes, then sent, exactly once.
    await editor(page).press('ControlOrMeta+a')
    await editor(page).pressSequentially('The export works again.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(sending).toContainText('Sending…')
    expect(toCustomer('The export works again.')).toHaveLength(0)
    await expect(page.getByRole('status').getByText('Reply sent.')).toBeVisible({ timeout: 15_000 })
    await expect.poll(() => toCustomer('The export works again.').length).toBe(1)
    await page.waitForTimeout(2000)
    expect(toCustomer('The export works again.')).toHaveLength(1)
    expect(toCustomer('Wrong ticket, sorry.')).toHaveLength(0)
  })
})
