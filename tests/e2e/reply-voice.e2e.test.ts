import nodemailer from 'nodemailer'
import { PROJECT_HEADERS, TICKETS_PATH } from './support/app'
import { hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test, verifyByMail } from './support/mail-relay'
import { sendMail } from './support/smtp'

test.skip(!hasChromium, SKIP_REASON)

/** What the support address's forwarding does: the same bytes, on to the parsing address. */
async function forward(port: number, to: string, raw: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  try {
    await transport.sendMail({ envelope: { from: 'forwarder@acme-e2e.example', to: [to] }, raw })
  } finally {
    transport.close()
  }
}

test.describe('Replies speak as the company and the agent', () => {
  test('an owner sets the sending address, sees the check pass once its test mail came back, and a signature shows in the composer', async ({
    page,
    context,
    parsedesk,
    relay,
    signedIn: owner,
  }) => {
    const earlier = relay.arrived.length
    await verifyByMail(context.request, relay, { email: owner.email, serverUrl: parsedesk.url })
    const mailboxes = await context.request.get('/v1/databases/main/collections/mailboxes/documents', {
      headers: PROJECT_HEADERS,
    })
    const parsingAddress = ((await mailboxes.json()) as { documents: { address: string }[] }).documents[0]
      ?.address as string
    const support = `support-${Date.now()}@acme-e2e.example`

    await page.goto('/settings/workspace/mail')
    const card = page.getByTestId('sending-address-card')
    await expect(card.getByTestId('replies-from')).toContainText(`Replies go from ${parsingAddress}`)
    await card.getByRole('textbox', { name: 'Sending address' }).fill(support)
    await card.getByRole('button', { name: 'Save and send test' }).click()
    await expect(card.getByTestId('replies-from')).toContainText('Waiting for the test mail')
    await expect(card.getByTestId('replies-from')).toContainText(parsingAddress)
    const setup = card.getByTestId('sending-setup')
    await expect(setup).toContainText(`Forwarding (to do): Waiting for the test mail`)
    await expect(setup).toContainText(`forward to ${parsingAddress}`)
    await expect(setup).toContainText('DKIM')

    // The address forwards to the parsing address: the test mail comes back, and the check turns green.
    await expect
      .poll(() => relay.arrived.slice(earlier).find((mail) => mail.envelope.to.includes(support))?.raw)
      .toBeTruthy()
    const test = relay.arrived.slice(earlier).find((mail) => mail.envelope.to.includes(support))
    await forward(parsedesk.smtpPort, parsingAddress, test?.raw ?? '')
    await expect(card.getByTestId('replies-from')).toContainText(`Replies go from ${support}`, {
      timeout: 30_000,
    })
    await expect(card.getByTestId('replies-from')).toContainText('Verified')
    await expect(setup).toContainText('Forwarding (done)')
    await expect(page.getByLabel('Replies are from')).toHaveValue('agent-from-workspace')
    await saveScreenshot(page, 'sending-address-verified')

    // The member's own signature, with a placeholder, in account settings.
    await page.goto('/settings/account')
    const signature = page.getByTestId('member-signature-card')
    const editor = signature.getByRole('textbox', { name: 'Signature' })
    await editor.click()
    await editor.pressSequentially('Best regards,')
    await editor.press('Shift+Enter')
    await editor.press('Control+b')
    await editor.pressSequentially('{agent.name}')
    await signature.getByRole('button', { name: 'Save signature' }).click()
    await expect(page.getByText('Signature saved')).toBeVisible()

    // The composer shows what the reply will end with.
    const subject = `Where is my invoice ${Date.now()}`
    await sendMail(parsedesk.smtpPort, { to: parsingAddress, subject, text: 'I cannot find it.' })
    let number = 0
    await expect
      .poll(async () => {
        const list = await context.request.get(TICKETS_PATH, { headers: PROJECT_HEADERS })
        const { documents } = (await list.json()) as { documents: { subject: string; number: number }[] }
        number = documents.find((ticket) => ticket.subject === subject)?.number ?? 0
        return number
      })
      .toBeGreaterThan(0)
    await page.goto(`/tickets/${number}`)
    await expect(page.getByTestId('composer-signature')).toContainText(
      `Signature: Best regards, ${owner.name}`,
    )
    await page.getByTestId('composer-signature').getByText('Signature:').click()
    await expect(page.getByTestId('composer-signature').locator('strong')).toHaveText(owner.name)
  })
})
