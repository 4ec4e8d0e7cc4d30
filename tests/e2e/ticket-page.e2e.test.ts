import { DEFAULT_TICKET_CATEGORIES, TeamRole } from '@parsedesk/contracts'
import type { Page } from '@playwright/test'
import { isAt, newPerson, openDashboard, PROJECT_HEADERS, rows, signUpThroughApi } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, NARROW_PHONE, SKIP_REASON, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'
import { CUSTOMER, sendMail } from './support/smtp'
import { acceptInvitation, invite, workspaceOf } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

const SUBJECT = `Refund for order 482913 still missing ${Date.now()}`
const BODY =
  'I returned the shoes two weeks ago and still have not received my refund of 89.90 EUR for order 482913. This is the third time I write.'
const ATTACHMENT_NAME = 'return-label.txt'
const OTHER_SUBJECT = `Invoice for March ${Date.now()}`
const REQUESTER = 'Dana Scully'
const NOTE = 'Refund approved by finance, waiting for the bank.'
const REPLY = 'Your refund is on its way: 89.90 EUR, within five days.'
const DOCUMENTS = (collection: string) => `/v1/databases/main/collections/${collection}/documents`

function timeline(page: Page) {
  return page.getByRole('list', { name: 'Timeline' })
}

function fields(page: Page) {
  return page.getByRole('complementary', { name: 'Ticket fields' })
}

/** Picks `option` in the side panel's `label` select, as an agent does: it saves itself. */
async function change(page: Page, label: string, option: string) {
  await fields(page).getByLabel(label, { exact: true }).selectOption({ label: option })
}

async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
}

function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
}

function sidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

test.describe('The ticket page', () => {
  test('a mailed ticket at /tickets/1: the mail, the analysis, every change logged on the timeline and seen live by another agent', async ({
    page,
    parsedesk,
    signedIn: owner,
    openBrowser,
  }) => {
    // An agent joins the owner's workspace, in a browser of their own.
    const agent = newPerson('agent')
    const link = await invite(page, agent.email, TeamRole.agent)
    const { context: agentContext, page: agentPage } = await openBrowser()
    await signUpThroughApi(agentContext.request, agent)
    await acceptInvitation(agentPage, link)
    await expect(agentPage.getByTestId('current-workspace')).toHaveText(workspaceOf(owner))

    // A customer's mail comes in over SMTP and becomes ticket #1.
    await openDashboard(page)
    const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
    expect(address).toMatch(/@/)
    await sendMail(parsedesk.smtpPort, {
      from: `"${REQUESTER}" <${CUSTOMER}>`,
      to: address,
      subject: SUBJECT,
      text: BODY,
      attachments: [
        { filename: ATTACHMENT_NAME, content: Buffer.from('label\n'), contentType: 'text/plain' },
      ],
    })
    await expect(rows(page).filter({ hasText: SUBJECT })).toBeVisible({ timeout: 30_000 })
    // The same customer writes about something else: ticket #2, one of their other tickets.
    await sendMail(parsedesk.smtpPort, { to: address, subject: OTHER_SUBJECT, text: 'Where is my invoice?' })
    await expect(rows(page).filter({ hasText: OTHER_SUBJECT })).toBeVisible({ timeout: 30_000 })
    const billing = await page.request.post(`${DOCUMENTS('groups')}`, {
      headers: PROJECT_HEADERS,
      data: { documentId: 'unique()', data: { name: 'Billing' } },
    })
    expect(billing.status(), await billing.text()).toBe(201)

    // The dashboard's dialog links to the page, which shows the mail, its file and the analysis with reasons.
    await rows(page).filter({ hasText: SUBJECT }).click()
    await page
      .getByRole('dialog', { name: 'Ticket Details' })
      .getByRole('link', { name: 'Open ticket page' })
      .click()
    await expect(page).toHaveURL(isAt('/tickets/1'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#1${SUBJECT}`)
    await expect(timeline(page).getByText(BODY)).toBeVisible()
    await expect(timeline(page).getByRole('link', { name: `${ATTACHMENT_NAME} (download)` })).toBeVisible()
    await expect(timeline(page).getByText('The customer’s mail opened the ticket')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ticket Analysis' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('heading', { name: 'Next step' })).toBeVisible()
    await expect(timeline(page).getByText(/^Analysis: /)).toBeVisible()
    // The category is shown by its name, never the key the ticket stores.
    const categoryNames = DEFAULT_TICKET_CATEGORIES.map((category) => category.name)
    await expect(page.getByTestId('ticket-badges').locator('[data-tone="blue"]')).toHaveText(
      new RegExp(`^(${categoryNames.join('|')})$`),
    )
    await expect(fields(page).getByLabel('Category', { exact: true }).locator('option:checked')).toHaveText(
      new RegExp(`^(${categoryNames.join('|')})$`),
    )
    // The requester is the mail's contact, with their other ticket a link away.
    await expect(fields(page).getByLabel('Name', { exact: true })).toHaveValue(REQUESTER)
    await expect(
      page
        .getByRole('list', { name: 'The requester’s other tickets' })
        .getByRole('link', { name: `#2 ${OTHER_SUBJECT}` }),
    ).toHaveAttribute('href', '/tickets/2')

    // The other agent has the page open and never reloads it.
    await agentPage.goto('/tickets/1')
    await expect(timeline(agentPage).getByText(BODY)).toBeVisible()
    await markDocument(agentPage)

    await change(page, 'Status', 'Pending')
    await expect(timeline(page).getByText(`${owner.name} set status Pending`)).toBeVisible()
    await expect(page.getByTestId('ticket-badges').getByText('pending', { exact: true })).toBeVisible()
    await expect(agentPage.getByTestId('ticket-badges').getByText('pending', { exact: true })).toBeVisible()
    await expect(timeline(agentPage).getByText(`${owner.name} set status Pending`)).toBeVisible()

    await change(page, 'Priority', 'Low')
    await expect(timeline(page).getByText(`${owner.name} set priority Low`)).toBeVisible()
    // The analyser's choice stays readable beside the correction.
    await expect(page.getByTestId('analysis-original')).toContainText(`corrected by ${owner.name}`)

    await change(page, 'Assignee', agent.name)
    await expect(timeline(page).getByText(`${owner.name} assigned ${agent.name}`)).toBeVisible()
    await expect(fields(agentPage).getByLabel('Assignee', { exact: true })).toHaveValue(/.+/)

    // By keyboard: the tag is typed and Enter adds it.
    await fields(page).getByRole('textbox', { name: 'Tags' }).fill('VIP')
    await page.keyboard.press('Enter')
    await expect(fields(page).getByRole('button', { name: 'Remove tag vip' })).toBeVisible()
    await expect(timeline(page).getByText(`${owner.name} added tag vip`)).toBeVisible()
    await fields(page).getByRole('textbox', { name: 'CC' }).fill('Ed@Partner.example')
    await fields(page).getByRole('button', { name: 'Add CC address' }).click()
    await expect(
      fields(page).getByRole('button', { name: 'Remove CC address ed@partner.example' }),
    ).toBeVisible()
    await expect(timeline(page).getByText(`${owner.name} added ed@partner.example to CC`)).toBeVisible()
    // Taken off again: Ed never wrote to this workspace, whose owner has no verified address, so the reply
    // below could not be addressed to him (decision 026).
    await fields(page).getByRole('button', { name: 'Remove CC address ed@partner.example' }).click()
    await expect(
      fields(page).getByRole('button', { name: 'Remove CC address ed@partner.example' }),
    ).toBeHidden()

    await change(page, 'Group', 'Billing')
    await expect(timeline(page).getByText(`${owner.name} set group Billing`)).toBeVisible()

    // A note and a reply written elsewhere (the composer, another tab) join the timeline live: the note
    // marked internal, the reply with its delivery state (no relay here: not sent).
    const ticketId = (await page.locator('main [data-ticket-id]').getAttribute('data-ticket-id')) ?? ''
    for (const data of [
      { ticketId, note: true, body: NOTE },
      { ticketId, body: REPLY },
    ]) {
      const written = await page.request.post(DOCUMENTS('messages'), {
        headers: PROJECT_HEADERS,
        data: { documentId: 'unique()', data },
      })
      expect(written.status(), await written.text()).toBe(201)
    }
    const note = timeline(agentPage).locator('[data-kind="note"]')
    await expect(note).toContainText('Internal note')
    await expect(note).toContainText(NOTE)
    const reply = timeline(agentPage).locator('[data-kind="reply"]')
    await expect(reply).toContainText(`${owner.name} replied`)
    await expect(reply).toContainText(REPLY)
    await expect(reply.getByTestId('delivery-state')).toHaveText('Not sent')

    // Everything reached the other agent through realtime, in the same document.
    await expect(timeline(agentPage).getByText(`${owner.name} added tag vip`)).toBeVisible()
    await expect(timeline(agentPage).getByText(`${owner.name} assigned ${agent.name}`)).toBeVisible()
    await expect(timeline(agentPage).getByText(`${owner.name} set group Billing`)).toBeVisible()
    await expect(fields(agentPage).getByRole('button', { name: 'Remove tag vip' })).toBeVisible()
    expect(await isSameDocument(agentPage)).toBe(true)

    // And back: the agent's change, made by keyboard (one arrow key, then Enter), shows on the owner's page.
    const agentStatus = fields(agentPage).getByLabel('Status', { exact: true })
    await agentStatus.focus()
    await agentPage.keyboard.press('ArrowUp')
    await agentPage.keyboard.press('Enter')
    await expect(timeline(page).getByText(`${agent.name} set status In progress`)).toBeVisible()

    expect(await findAccessibilityViolations(page)).toEqual([])

    // A phone: the conversation under the header, the fields after it, nothing scrolls sideways.
    await page.setViewportSize(NARROW_PHONE)
    await expect.poll(() => sidewaysScroll(page)).toBe(0)
    const header = await page.getByRole('heading', { level: 1 }).boundingBox()
    const panel = await fields(page).boundingBox()
    const history = await timeline(page).boundingBox()
    expect(history && header && history.y > header.y).toBe(true)
    expect(panel && history && panel.y > history.y).toBe(true)

    // The other ticket's link leads to it.
    await page.setViewportSize(WIDE_DESKTOP)
    await page
      .getByRole('list', { name: 'The requester’s other tickets' })
      .getByRole('link', { name: `#2 ${OTHER_SUBJECT}` })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#2${OTHER_SUBJECT}`)

    // #2 is a duplicate: merged into #1 from its page. Into itself first, which the server refuses in its words.
    await page.getByRole('button', { name: 'Merge into…' }).click()
    const mergeDialog = page.getByRole('dialog', { name: 'Merge #2 into another ticket' })
    await mergeDialog.getByLabel('Ticket number').fill('#2')
    await expect(mergeDialog.getByTestId('merge-target')).toHaveText(`#2${OTHER_SUBJECT}`)
    await mergeDialog.getByRole('button', { name: 'Merge into #2' }).click()
    await expect(mergeDialog.getByRole('alert')).toContainText('A ticket cannot be merged into itself')
    // The requester's other open tickets are offered: one click names #1.
    const suggestions = mergeDialog.getByRole('region', { name: "The requester's other open tickets" })
    await suggestions.getByRole('button', { name: `#1 ${SUBJECT}` }).click()
    await expect(mergeDialog.getByLabel('Ticket number')).toHaveValue('#1')
    await expect(mergeDialog.getByTestId('merge-target')).toHaveText(`#1${SUBJECT}`)
    await expect(mergeDialog.getByText("#2's messages move to #1; #2 is closed.")).toBeVisible()
    expect(await findAccessibilityViolations(page)).toEqual([])
    await mergeDialog.getByRole('button', { name: 'Merge into #1' }).click()
    await expect(page).toHaveURL(isAt('/tickets/1'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#1${SUBJECT}`)
    await expect(timeline(page).getByText(/merged a duplicate into this ticket/)).toBeVisible()
    // #2's mail is a customer mail of #1 now, on the other agent's page too, live.
    const movedMail = (on: Page) =>
      timeline(on).locator('[data-kind="mail"]').filter({ hasText: 'Where is my invoice?' })
    await expect(movedMail(agentPage)).toBeVisible()

    // That mail is about something else after all: split off into a new ticket, #3, where the agent lands.
    await movedMail(page)
      .getByRole('button', { name: /^Split into a new ticket/ })
      .click()
    await page
      .getByRole('alertdialog', { name: 'Split this mail into a new ticket?' })
      .getByRole('button', { name: 'Split' })
      .click()
    await expect(page).toHaveURL(isAt('/tickets/3'))
    await expect(page.getByRole('heading', { level: 1 })).toContainText('#3')
    await expect(timeline(page).getByText('Where is my invoice?')).toBeVisible()
    await expect(timeline(page).getByText(`${owner.name} split this ticket off another one`)).toBeVisible()
    await expect(movedMail(agentPage)).toHaveCount(0)
    // #3's merge offers #1, never #2: a merged ticket is no place to merge into.
    await page.getByRole('button', { name: 'Merge into…' }).click()
    const offered = page
      .getByRole('dialog', { name: 'Merge #3 into another ticket' })
      .getByRole('region', { name: "The requester's other open tickets" })
      .getByRole('button')
    await expect(offered).toHaveText([`#1 ${SUBJECT}`])
    await page.keyboard.press('Escape')
    await expect(
      timeline(agentPage).getByText(`${owner.name} split a message off into a new ticket`),
    ).toBeVisible()

    // #2 says where its conversation went, and links there.
    await page.goto('/tickets/2')
    const notice = page.getByRole('note').filter({ hasText: 'This ticket was merged into' })
    await expect(notice.getByRole('link', { name: `#1 ${SUBJECT}` })).toHaveAttribute('href', '/tickets/1')
    await expect(timeline(page).getByText(`${owner.name} merged this ticket into another one`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Merge into…' })).toHaveCount(0)

    // A change the server refuses keeps the agent's choice and says why: the agent left the workspace.
    const team = (await (await page.request.get('/v1/teams', { headers: PROJECT_HEADERS })).json()) as {
      teams: { $id: string }[]
    }
    const teamId = team.teams[0]?.$id ?? ''
    const members = (await (
      await page.request.get(`/v1/teams/${teamId}/memberships`, { headers: PROJECT_HEADERS })
    ).json()) as { memberships: { $id: string; userEmail: string }[] }
    const membership = members.memberships.find((member) => member.userEmail === agent.email)
    const removed = await page.request.delete(`/v1/teams/${teamId}/memberships/${membership?.$id}`, {
      headers: PROJECT_HEADERS,
    })
    expect(removed.status()).toBe(204)
    await fields(agentPage).getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' })
    await expect(fields(agentPage).getByRole('alert')).not.toBeEmpty()
    await expect(fields(agentPage).getByLabel('Status', { exact: true })).toHaveValue('closed')
    await expect(fields(agentPage).getByRole('button', { name: 'Try again' })).toBeVisible()
  })

  test('a number that is no ticket of the workspace is the 404 page, never telling whether it exists', async ({
    page,
    signedIn: _,
  }) => {
    for (const path of ['/tickets/99999', '/tickets/1', '/tickets/abc']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
      await expect(page.getByText('Oops! Page not found')).toBeVisible()
    }
  })
})
