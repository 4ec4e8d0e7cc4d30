import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import nodemailer from 'nodemailer'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gainsFocus, newPerson, signUp, type TPerson, waitForToast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, launchChromium, openPage, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { startParsedesk, type TParsedesk } from './support/server'

const INBOUND_DOMAIN = 'inbound.e2e.example'
const CUSTOMER = 'dana@customer-corp.example'
const FIRST_MESSAGE_ID = `<first-${Date.now()}@customer-corp.example>`
const SUBJECT = 'Invoice upload keeps failing'
const ATTACHMENT_NAME = 'failed-upload.log'
// Random bytes: a download that matches them cannot be a coincidence or a re-encoding.
const ATTACHMENT = crypto.randomBytes(20_000)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

type TMail = {
  to: string
  subject: string
  text: string
  messageId?: string
  inReplyTo?: string
  headers?: Record<string, string>
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

/** Sends over real SMTP, as a customer's mail server would. */
async function sendMail(port: number, mail: TMail) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
  })
  try {
    return await transport.sendMail({
      from: CUSTOMER,
      ...mail,
      ...(mail.inReplyTo ? { references: mail.inReplyTo } : {}),
    })
  } finally {
    transport.close()
  }
}

function rows(page: Page) {
  return page.locator('table[aria-label="Recent tickets"] tbody tr[data-ticket-id]')
}

function addressOf(page: Page) {
  return page.getByTestId('parsing-address')
}

async function readClipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText())
}

describe.skipIf(!hasChromium)(`Mailbox${hasChromium ? '' : ` (${SKIP_REASON})`}`, () => {
  let server: TParsedesk
  let smtpPort: number
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let address = ''
  let attachmentUrl = ''
  const owner: TPerson = newPerson('mailbox')

  beforeAll(async () => {
    smtpPort = await freePort()
    ;[server, browser] = await Promise.all([
      // Its IMAP test server is on this machine, which users may not reach unless the operator allows it.
      startParsedesk({
        env: { SMTP_PORT: String(smtpPort), INBOUND_DOMAIN, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
      }),
      launchChromium(),
    ])
    ;({ context, page } = await openPage(browser))
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows "Your parsing address" on the inbound domain after sign-up, and copies it', async () => {
    await signUp(page, server.url, owner)
    const card = page.locator('[data-slot="card"]', { hasText: 'Your parsing address' })
    await card.getByRole('heading', { name: 'Your parsing address' }).waitFor()
    await addressOf(page).waitFor()
    address = (await addressOf(page).textContent()) ?? ''
    expect(address).toMatch(new RegExp(`^[a-z0-9-]+-[a-z0-9]{10}@${INBOUND_DOMAIN.replaceAll('.', '\\.')}$`))

    await saveScreenshot(page, 'mailbox-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    await card.getByRole('button', { name: 'Copy address' }).click()
    await waitForToast(page, 'Copied to the clipboard')
    expect(await readClipboard(page)).toBe(address)
    await card.getByRole('button', { name: 'Copied address' }).waitFor()
  })

  it('turns an email with an attachment into a ticket on the open dashboard, and downloads the file', async () => {
    // Set on this document only: still there afterwards means the page was never reloaded.
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
    })
    await sendMail(smtpPort, {
      to: address,
      subject: SUBJECT,
      messageId: FIRST_MESSAGE_ID,
      text: 'Uploading our March invoice fails every time. The log is attached.',
      attachments: [
        { filename: ATTACHMENT_NAME, content: ATTACHMENT, contentType: 'application/octet-stream' },
      ],
    })
    const row = rows(page).filter({ hasText: SUBJECT })
    await row.waitFor({ timeout: 30_000 })
    expect(await row.textContent()).toContain(CUSTOMER)
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true)

    await row.getByRole('button').click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const files = dialog.getByRole('list', { name: 'Attachments of the first email' })
    const link = files.getByRole('link', { name: `${ATTACHMENT_NAME} (download)` })
    await link.waitFor()
    expect(await files.textContent()).toContain('20 KB')
    attachmentUrl = new URL((await link.getAttribute('href')) ?? '', server.url).toString()

    const downloading = page.waitForEvent('download')
    await link.click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(ATTACHMENT_NAME)
    const saved = await download.path()
    expect(Buffer.compare(fs.readFileSync(saved), ATTACHMENT)).toBe(0)
  })

  it('threads a reply into the open ticket’s conversation, as text, with no new row', async () => {
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const replyText = 'Still failing today. <b>This is not bold</b> and <img src=x onerror=alert(1)> is text.'
    await sendMail(smtpPort, {
      to: address,
      subject: `Re: ${SUBJECT}`,
      inReplyTo: FIRST_MESSAGE_ID,
      text: replyText,
      attachments: [
        { filename: 'second.txt', content: Buffer.from('second try\n'), contentType: 'text/plain' },
      ],
    })
    const conversation = dialog.getByRole('region', { name: 'Conversation (1 reply)' })
    await conversation.waitFor({ timeout: 30_000 })
    await conversation.getByText('Still failing today.', { exact: false }).waitFor()
    expect(await conversation.textContent()).toContain('<b>This is not bold</b>')
    expect(await conversation.locator('b, img').count()).toBe(0)
    await conversation.getByRole('link', { name: 'second.txt (download)' }).waitFor()
    expect(await rows(page).count()).toBe(1)

    await conversation.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'ticket-conversation-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  })

  it('shows the webhook URLs with the secret hidden until revealed, and they take mail', async () => {
    const card = page.locator('[data-slot="card"]', { hasText: 'Webhook URLs' })
    await card.getByRole('heading', { name: 'Webhook URLs' }).waitFor()
    const postmark = card.locator('dd').nth(1)
    await postmark.getByText('/postmark?secret=').waitFor()
    expect(await postmark.textContent()).toContain('••••')

    await card.getByRole('button', { name: 'Copy Raw MIME URL' }).click()
    const rawUrl = await readClipboard(page)
    expect(rawUrl).toMatch(new RegExp(`^${server.url}/v1/inbound/[^/]+/raw\\?secret=.+$`))
    const secret = new URL(rawUrl).searchParams.get('secret') ?? ''
    expect(await card.textContent()).not.toContain(secret)

    const reveal = card.getByRole('button', { name: 'Reveal secret' })
    expect(await reveal.getAttribute('aria-pressed')).toBe('false')
    await reveal.click()
    expect(await card.getByRole('button', { name: 'Hide secret' }).getAttribute('aria-pressed')).toBe('true')
    expect(await card.textContent()).toContain(rawUrl)

    const posted = await fetch(rawUrl, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: [
        `From: ${CUSTOMER}`,
        `To: ${address}`,
        'Subject: Posted through the raw webhook',
        `Message-ID: <webhook-${Date.now()}@customer-corp.example>`,
        '',
        'This one came through the webhook.',
        '',
      ].join('\r\n'),
    })
    expect(posted.status).toBe(200)
    await rows(page).filter({ hasText: 'Posted through the raw webhook' }).waitFor({ timeout: 30_000 })
    await card.getByRole('button', { name: 'Hide secret' }).click()
  })

  it('counts mail kept without a ticket and lists it with the reason', async () => {
    await sendMail(smtpPort, {
      to: address,
      subject: 'Automatic reply: out of office',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: 'I am away until Monday.',
    })
    const card = page.locator('[data-slot="card"]', { hasText: 'Mail kept, not ticketed' })
    const latest = card.getByRole('list', { name: 'Latest mail not ticketed' })
    // No event announces kept mail: the card reads it again every 15 s on its own.
    const item = latest.getByRole('listitem').filter({ hasText: 'Automatic reply: out of office' })
    await item.waitFor({ timeout: 45_000 })
    await item.getByText('auto-reply', { exact: true }).waitFor()
    expect((await item.textContent())?.length).toBeGreaterThan('auto-reply'.length + 40)
    const autoReplies = card.locator('dl > div', { hasText: 'Auto-replies' }).locator('dd')
    await expect.poll(() => autoReplies.textContent(), { timeout: 20_000 }).toBe('1')
    expect(await rows(page).filter({ hasText: 'out of office' }).count()).toBe(0)
  })

  it('connects an IMAP mailbox, shows its status and last error, disables and removes it', async () => {
    const card = page.locator('[data-slot="card"]', { hasText: 'IMAP mailboxes' })
    await card.getByText('No IMAP mailbox connected.').waitFor()
    await card.getByRole('button', { name: 'Connect a mailbox' }).click()
    const form = card.getByRole('form', { name: 'Connect an IMAP mailbox' })
    await form.waitFor()
    expect(await form.getByLabel('IMAP server').evaluate((el) => el === document.activeElement)).toBe(true)
    await form.getByLabel('Port', { exact: true }).fill('')
    await form.getByRole('button', { name: 'Connect mailbox' }).click()
    await form.getByText('Enter the IMAP server name, e.g. imap.example.com').waitFor()
    await form.getByText('The port is a number from 1 to 65535').waitFor()
    await form.getByText('Enter the password of the mailbox').waitFor()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await form.waitFor({ state: 'detached' })
    const connect = card.getByRole('button', { name: 'Connect a mailbox' })
    expect(await gainsFocus(page, connect)).toBe(true)
    await page.keyboard.press('Enter')
    await form.waitFor()

    // Nothing listens on this port: the account must end in `error` with the reason.
    const closedPort = await freePort()
    await form.getByLabel('IMAP server').fill('127.0.0.1')
    await form.getByLabel('Port', { exact: true }).fill('993')
    await form.getByLabel('Use TLS from the start').uncheck()
    expect(await form.getByLabel('Port', { exact: true }).inputValue()).toBe('143')
    await form.getByLabel('Port', { exact: true }).fill(String(closedPort))
    await form.getByLabel('User name').fill('support@customer-corp.example')
    await form.getByLabel('Mailbox password').fill('imap-password')
    await form.getByLabel('Move fetched mail to (optional)').fill('Parsedesk')
    await form.getByRole('button', { name: 'Connect mailbox' }).click()
    await waitForToast(page, 'IMAP mailbox connected')
    await form.waitFor({ state: 'detached' })

    const item = card.getByRole('listitem').filter({ hasText: 'support@customer-corp.example' })
    await item.getByText('error', { exact: true }).waitFor({ timeout: 30_000 })
    await item.getByText('Last error:').waitFor()
    expect(await item.textContent()).toContain(`Could not reach an IMAP server at 127.0.0.1:${closedPort}`)
    expect(await item.textContent()).not.toContain('imap-password')
    // Below the sticky header, which would cover the card's top after a plain scrollIntoView.
    await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80))
    await saveScreenshot(page, 'mailbox-setup-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    await item.getByRole('button', { name: 'Disable support@customer-corp.example on 127.0.0.1' }).click()
    await item.getByText('disabled', { exact: true }).waitFor()
    await item.getByRole('button', { name: /^Enable/ }).waitFor()

    await item.getByRole('button', { name: /^Remove/ }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove this IMAP mailbox?' })
    await confirm.getByRole('button', { name: 'Remove mailbox' }).click()
    await waitForToast(page, 'IMAP mailbox removed')
    await card.getByText('No IMAP mailbox connected.').waitFor()
    expect(await gainsFocus(page, connect)).toBe(true)
  })

  it('regenerates the address only after confirmation, and the old one stops taking mail', async () => {
    const card = page.locator('[data-slot="card"]', { hasText: 'Your parsing address' })
    await card.getByRole('button', { name: 'Regenerate' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate the parsing address?' })
    expect(await confirm.textContent()).toContain(address)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect(await addressOf(page).textContent()).toBe(address)
    expect(await gainsFocus(page, card.getByRole('button', { name: 'Regenerate' }))).toBe(true)

    await page.keyboard.press('Enter')
    await confirm.getByRole('button', { name: 'Regenerate address' }).click()
    await waitForToast(page, 'New parsing address ready')
    await confirm.waitFor({ state: 'hidden' })
    await expect.poll(() => addressOf(page).textContent()).not.toBe(address)
    const renewed = (await addressOf(page).textContent()) ?? ''
    expect(renewed.endsWith(`@${INBOUND_DOMAIN}`)).toBe(true)

    const refused = await sendMail(smtpPort, {
      to: address,
      subject: 'To the old address',
      text: 'Hello?',
    }).then(
      () => 'accepted',
      (error: { responseCode?: number }) => error.responseCode,
    )
    expect(refused).toBe(550)
    address = renewed
  })

  it('lets no other user download the attachment', async () => {
    const { context: otherContext, page: otherPage } = await openPage(browser, { viewport: PHONE })
    await signUp(otherPage, server.url, newPerson('stranger'))
    await addressOf(otherPage).waitFor()
    expect(await addressOf(otherPage).textContent()).not.toBe(address)
    expect(attachmentUrl).toMatch(/\/v1\/storage\/buckets\/attachments\/files\/[^/]+\/download/)
    const seen = await otherPage.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'include' })
      return { status: response.status, body: await response.text() }
    }, attachmentUrl)
    expect(seen.status).toBe(404)
    const totals = await otherPage.evaluate(async () => {
      const read = async (path: string) => {
        const response = await fetch(path, {
          headers: { 'x-appwrite-project': 'parsedesk' },
          credentials: 'include',
        })
        return (await response.json()).total
      }
      return {
        files: await read('/v1/storage/buckets/attachments/files'),
        messages: await read('/v1/databases/main/collections/messages/documents'),
      }
    })
    expect(totals).toEqual({ files: 0, messages: 0 })
    const own = await page.evaluate(
      async (url) => (await fetch(url, { credentials: 'include' })).status,
      attachmentUrl,
    )
    expect(own).toBe(200)
    await otherContext.close()
  })

  it('fits a phone: no sideways scroll at 360 px, the mailbox card and a conversation', async () => {
    await page.setViewportSize(PHONE)
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'mailbox-phone')
    for (const width of [375, 360]) {
      await page.setViewportSize({ width, height: 812 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    }
    await page.setViewportSize(PHONE)
    await page
      .locator('[data-slot="card"]', { hasText: 'Webhook URLs' })
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80))
    await saveScreenshot(page, 'mailbox-setup-phone')
    await rows(page).filter({ hasText: SUBJECT }).getByRole('button').click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const conversation = dialog.getByRole('region', { name: 'Conversation (1 reply)' })
    await conversation.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'ticket-conversation-phone')
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)
    await page.keyboard.press('Escape')
  })
})
