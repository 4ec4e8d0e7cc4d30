import { ReplyLimits, ReplyMessages } from '@parsedesk/contracts'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  createTicketThroughApi,
  fetchCount,
  installPageProbe,
  newPerson,
  openDashboard,
  PROJECT_HEADERS,
  rows,
  signUpThroughApi,
  TICKETS_PATH,
  toast,
} from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, NARROW_PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, mailedLink, test, verifyByMail } from './support/mail-relay'
import { CUSTOMER, sendMail } from './support/smtp'
import { acceptInvitation } from './support/workspaces'

test.skip(!hasChromium, SKIP_REASON)

type TList<T> = { documents: T[] }

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: PROJECT_HEADERS })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

/** The ticket the customer's mail became, once ingest has made it. */
async function ticketWithSubject(request: APIRequestContext, subject: string) {
  let found: { $id: string; number: number; status: string } | undefined
  await expect
    .poll(async () => {
      const { documents } = await getJson<
        TList<{ $id: string; number: number; status: string; subject: string }>
      >(request, TICKETS_PATH)
      found = documents.find((ticket) => ticket.subject === subject)
      return found?.number
    })
    .toBeGreaterThan(0)
  return found as { $id: string; number: number; status: string }
}

function editor(page: Page) {
  return page.getByRole('textbox', { name: /^(Reply|Note) text$/ })
}

function presence(page: Page) {
  return page.getByTestId('ticket-presence-slot')
}

test.describe('Replying to a customer by mail', () => {
  test('applies a canned reply to the selected tickets: each requester mailed by name, each ticket changed', async ({
    page,
    context,
    parsedesk,
    relay,
    signedIn: owner,
  }) => {
    const request = context.request
    const earlier = relay.arrived.length
    // A verified owner may mail customers who wrote in by the form (decision 026).
    await verifyByMail(request, relay, { email: owner.email, serverUrl: parsedesk.url })
    const fileTicket = async (subject: string, email: string) => {
      const id = await createTicketThroughApi(request, { subject, body: 'Where is my money?', email })
      await expect
        .poll(
          async () =>
            (await getJson<{ processing_status: string }>(request, `${TICKETS_PATH}/${id}`))
              .processing_status,
        )
        .toBe('completed')
      return id
    }
    const first = await fileTicket('Refund for order 77', 'ada@customer-corp.example')
    const second = await fileTicket('Refund for order 78', 'bob@customer-corp.example')
    const macro = await request.post('/v1/databases/main/collections/macros/documents', {
      headers: PROJECT_HEADERS,
      data: {
        documentId: 'unique()',
        data: {
          name: 'Refund on its way',
          body: 'Hello {{requester.email}}, your refund for {{ticket.number}} is on its way.',
          actions: { status: 'pending', addTags: ['refund'], assignee: { kind: 'keep' } },
        },
      },
    })
    expect(macro.status(), await macro.text()).toBe(201)

    await openDashboard(page)
    await expect(rows(page)).toHaveCount(2)
    await page.getByRole('checkbox', { name: 'Select all listed tickets' }).check()
    const bulk = page.getByRole('region', { name: 'Bulk actions' })
    await expect(bulk.getByLabel('Macro to apply')).toHaveValue(/.+/)
    await bulk.getByRole('button', { name: 'Apply macro' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Apply “Refund on its way” to 2 tickets?' })
    await confirm.getByRole('button', { name: 'Apply and send' }).click()
    await expect(toast(page, '“Refund on its way” applied to 2 tickets')).toBeVisible()

    for (const ticketId of [first, second]) {
      const ticket = (await (
        await request.get(`${TICKETS_PATH}/${ticketId}`, { headers: PROJECT_HEADERS })
      ).json()) as { number: number; status: string; tags: string[] }
      expect(ticket).toMatchObject({ status: 'pending', tags: ['refund'] })
      const messages = (await (
        await request.get(
          `/v1/databases/main/collections/messages/documents?queries[0]=${encodeURIComponent(
            JSON.stringify({ method: 'equal', attribute: 'ticketId', values: [ticketId] }),
          )}`,
          { headers: PROJECT_HEADERS },
        )
      ).json()) as { documents: { direction: string; body: string }[] }
      expect(messages.documents.filter((message) => message.direction === 'outbound')).toEqual([
        expect.objectContaining({
          body: expect.stringMatching(
            /^Hello \S+@customer-corp\.example, your refund for #\d+ is on its way\.$/,
          ),
        }),
      ])
    }
    // Each requester got their own mail, with their own address and ticket number in it.
    await expect
      .poll(() =>
        relay.arrived
          .slice(earlier)
          .filter((mail) => mail.email.subject?.includes('Refund for order'))
          .map((mail) => mail.email.text?.match(/Hello \S+, your refund for #\d+ is on its way\./)?.[0])
          .sort(),
      )
      .toEqual([
        expect.stringMatching(/^Hello ada@customer-corp\.example, your refund for #\d+ is on its way\.$/),
        expect.stringMatching(/^Hello bob@customer-corp\.example, your refund for #\d+ is on its way\.$/),
      ])
  })

  test('mail in, a formatted reply out to the customer’s server with its threading, the answer back on the same ticket, notes kept in', async ({
    page,
    context,
    parsedesk,
    relay,
    signedIn: owner,
    openBrowser,
  }) => {
    // The relay serves every test of this Playwright worker: count only what arrives during this one.
    const earlier = relay.arrived.length
    await installPageProbe(page)
    // A canned reply the owner keeps for this, which tags the ticket.
    const macro = await context.request.post('/v1/databases/main/collections/macros/documents', {
      headers: PROJECT_HEADERS,
      data: {
        documentId: 'unique()',
        data: {
          name: 'Export fixed',
          body: 'Ticket {{ticket.number}}: the export works again.\n\nBest, {{agent.name}}',
          actions: { status: null, addTags: ['export-fixed'], assignee: { kind: 'keep' } },
        },
      },
    })
    expect(macro.status(), await macro.text()).toBe(201)

    // A second agent, invited to the owner's workspace by mail through the customer-side relay.
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

    // The customer writes to the workspace's parsing address over SMTP.
    const { documents: mailboxes } = await getJson<TList<{ address: string }>>(
      context.request,
      '/v1/databases/main/collections/mailboxes/documents',
    )
    const address = mailboxes[0]?.address ?? ''
    const subject = `Export button does nothing ${Date.now()}`
    const firstId = `<first-${Date.now()}@customer-corp.example>`
    await sendMail(parsedesk.smtpPort, {
      to: address,
      subject,
      text: 'Hello, the CSV export button does nothing since Monday.',
      messageId: firstId,
    })
    const ticket = await ticketWithSubject(context.request, subject)

    // Both agents open the ticket and see each other.
    await page.goto(`/tickets/${ticket.number}`)
    await agentPage.goto(`/tickets/${ticket.number}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(subject)
    await expect(presence(agentPage)).toHaveText(`${owner.name} is viewing`)
    await expect(presence(page)).toHaveText(`${agent.name} is viewing`)

    // Nothing typed is lost: the draft survives a reload.
    await editor(page).click()
    await editor(page).pressSequentially('Hi Dana, ')
    await expect(presence(agentPage)).toHaveText(`${owner.name} is replying`)
    // The other agent's composer warns before they answer too.
    await expect(agentPage.getByTestId('composer-collision')).toHaveText(
      `${owner.name} is replying to this ticket too: read their answer before you send yours.`,
    )
    await page.reload()
    await expect(editor(page)).toHaveText('Hi Dana,')

    // An internal note, typed meanwhile: on both timelines, never mailed.
    const noteText = `Customer is on the legacy plan ${Date.now()}`
    await page.getByRole('tab', { name: 'Internal note' }).click()
    await expect(page.getByText('Internal note: only your team sees it. It is never emailed.')).toBeVisible()
    await editor(page).press('ControlOrMeta+a')
    await editor(page).pressSequentially(noteText)
    // Ctrl+Enter is the plain Send: here, Add note.
    await editor(page).press('Control+Enter')
    await expect(page.getByRole('status').getByText('Note added.')).toBeVisible()
    // A formatted message shows in its own sandboxed frame on the timeline.
    const note = agentPage
      .getByRole('list', { name: 'Timeline' })
      .getByRole('listitem')
      .filter({ hasText: 'Internal note' })
    await expect(note.frameLocator('iframe').getByText(noteText)).toBeVisible()

    // The reply, formatted, with the canned reply's text after it.
    await page.getByRole('tab', { name: 'Reply' }).click()
    await editor(page).click()
    await editor(page).press('ControlOrMeta+a')
    await editor(page).pressSequentially('Hi Dana, ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await editor(page).pressSequentially('it is fixed now')
    await page.getByRole('button', { name: 'Bold' }).click()
    await editor(page).press('Enter')
    // Found by a word of its text, not only its name.
    await page.getByRole('button', { name: 'Insert canned reply' }).click()
    await page.getByLabel('Search canned replies').fill('works again')
    await page.getByRole('menuitem', { name: 'Export fixed' }).click()
    await expect(editor(page)).toContainText(`Ticket #${ticket.number}: the export works again.`)
    await expect(editor(page)).toContainText(`Best, ${owner.name}`)

    // A file over the limit is refused before any byte goes up; a small one is uploaded and listed.
    const attach = page.getByLabel('Attach files')
    const uploads = () => fetchCount(page, 'POST', '/v1/storage/buckets/attachments/files')
    const uploadsBefore = await uploads()
    // Made in the page: sending megabytes through the browser's protocol is slow on a busy machine.
    await attach.evaluate((input, size) => {
      const picked = new DataTransfer()
      picked.items.add(new File([new Uint8Array(size)], 'screen-recording.mp4', { type: 'video/mp4' }))
      ;(input as HTMLInputElement).files = picked.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }, ReplyLimits.attachmentBytes + 1)
    await expect(page.getByRole('alert').getByText(ReplyMessages.fileTooLarge)).toBeVisible()
    await attach.setInputFiles({
      name: 'steps.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('1. Open export\n'),
    })
    await expect(page.getByRole('list', { name: 'Attached files' })).toContainText('steps.txt')
    expect(await uploads()).toBe(uploadsBefore + 1)

    // The connection drops on the first try: the server's word (or a plain one) shows, the text stays.
    await page.route('**/v1/databases/main/collections/messages/documents', (route) => route.abort(), {
      times: 1,
    })
    await page.getByRole('button', { name: 'Send and set pending' }).click()
    await expect(page.getByRole('alert').getByText('The reply was not sent: please try again.')).toBeVisible()
    await expect(editor(page)).toContainText('Hi Dana, it is fixed now')

    // "Send and set pending" again: sent.
    await page.getByRole('button', { name: 'Send and set pending' }).click()
    await expect(page.getByRole('status').getByText('Reply sent.')).toBeVisible()
    await expect(page.getByTestId('ticket-badges')).toContainText('pending')
    await expect(agentPage.getByTestId('ticket-badges')).toContainText('pending')

    // The customer's server receives it, threaded onto the customer's mail, from the workspace's address.
    const toCustomer = () =>
      relay.arrived.slice(earlier).filter((mail) => mail.envelope.to.includes(CUSTOMER))
    await expect.poll(() => toCustomer().length).toBe(1)
    const reply = toCustomer()[0]!
    expect(reply.email.subject).toBe(`Re: ${subject} [#${ticket.number}]`)
    expect(reply.email.inReplyTo).toBe(firstId)
    expect(reply.email.references).toContain(firstId)
    expect(reply.email.from?.address).toBe(address)
    expect(reply.email.text).toContain('Hi Dana, it is fixed now')
    expect(reply.email.html).toContain('<strong>it is fixed now</strong>')
    expect(reply.email.text).toContain(`Ticket #${ticket.number}: the export works again.`)
    expect(reply.email.attachments.map((file) => file.filename)).toEqual(['steps.txt'])
    expect(await editor(page).textContent()).toBe('')
    // The canned reply's action: the ticket is tagged.
    await expect
      .poll(
        async () =>
          (await getJson<{ tags: string[] }>(context.request, `${TICKETS_PATH}/${ticket.$id}`)).tags,
      )
      .toContain('export-fixed')

    // The customer answers: the answer lands on the same ticket, which opens again, live on both pages.
    const answer = `Thanks, the export works again ${Date.now()}`
    await sendMail(parsedesk.smtpPort, {
      to: address,
      subject: `Re: ${subject} [#${ticket.number}]`,
      text: answer,
      inReplyTo: reply.messageId,
    })
    await expect(page.getByRole('list', { name: 'Timeline' }).getByText(answer)).toBeVisible()
    await expect(page.getByTestId('ticket-badges')).toContainText('open')
    await expect(agentPage.getByTestId('ticket-badges')).toContainText('open')
    expect((await ticketWithSubject(context.request, subject)).$id).toBe(ticket.$id)

    // The note never reached the customer's server: one mail went there, and no mail carries the note.
    expect(toCustomer()).toHaveLength(1)
    expect(relay.arrived.some((mail) => mail.raw.includes(noteText))).toBe(false)

    // Both tabs of the composer, and the presence beside the title, pass axe (WCAG 2.1 A/AA).
    await expect(presence(page)).toHaveText(`${agent.name} is viewing`)
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.getByRole('tab', { name: 'Internal note' }).click()
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.getByRole('tab', { name: 'Reply' }).press('ArrowLeft')
    await expect(page.getByRole('tab', { name: 'Reply' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tab', { name: 'Reply' })).toBeFocused()

    // The composer for the docs: desktop, then a phone.
    await editor(page).click()
    await editor(page).pressSequentially('Glad to hear it. ')
    await page.getByTestId('ticket-composer-slot').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'composer-desktop')
    await page.setViewportSize(NARROW_PHONE)
    await page.getByTestId('ticket-composer-slot').scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'composer-phone')
  })
})
