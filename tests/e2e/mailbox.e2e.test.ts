import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { freePort } from '../../apps/server/src/testing/free-port'
import {
  isAt,
  newPerson,
  openDashboard,
  PROJECT_HEADERS,
  rows,
  signUp,
  signUpThroughApi,
  TICKETS_PATH,
  textLength,
  toast,
} from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, PHONE, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'
import { CUSTOMER, sendMail } from './support/smtp'

const INBOUND_DOMAIN = 'inbound.e2e.example'
const SUBJECT = 'Invoice upload keeps failing'
const ATTACHMENT_NAME = 'failed-upload.log'
// Random bytes: a download that matches them cannot be a coincidence or a re-encoding.
const ATTACHMENT = crypto.randomBytes(20_000)

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function addressOf(page: Page) {
  return page.getByTestId('parsing-address')
}

/** The signed-in person's dashboard and the parsing address it shows. */
async function openMailbox(page: Page): Promise<string> {
  await openDashboard(page)
  await expect(addressOf(page)).toHaveText(new RegExp(`@${escapeRegExp(INBOUND_DOMAIN)}$`))
  return (await addressOf(page).textContent()) ?? ''
}

/**
 * The workspace settings, where the mail cards are (the dashboard keeps the address alone), as its owner
 * sees them; resolves with the parsing address shown there.
 */
async function openMailSettings(page: Page): Promise<string> {
  await page.goto('/settings/workspace/mail')
  await expect(page.getByRole('heading', { name: 'Workspace settings' })).toBeVisible()
  await expect(addressOf(page)).toHaveText(new RegExp(`@${escapeRegExp(INBOUND_DOMAIN)}$`))
  return (await addressOf(page).textContent()) ?? ''
}

function card(page: Page, title: string) {
  return page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) })
}

let messages = 0

/** The customer's first email, with the log attached, and its row once the open dashboard shows it. */
async function mailFirstEmail(page: Page, smtpPort: number, address: string) {
  messages += 1
  const messageId = `<first-${messages}-${Date.now()}@customer-corp.example>`
  await sendMail(smtpPort, {
    to: address,
    subject: SUBJECT,
    messageId,
    text: 'Uploading our March invoice fails every time. The log is attached.',
    attachments: [
      { filename: ATTACHMENT_NAME, content: ATTACHMENT, contentType: 'application/octet-stream' },
    ],
  })
  const row = rows(page).filter({ hasText: SUBJECT })
  await expect(row).toBeVisible({ timeout: 30_000 })
  return { row, messageId }
}

/** How often the "Mail kept, not ticketed" card reads its counters and list again. */
const KEPT_MAIL_REFRESH_MS = 15_000

const REPLY_TEXT = 'Still failing today. <b>This is not bold</b> and <img src=x onerror=alert(1)> is text.'

function mailReply(smtpPort: number, address: string, inReplyTo: string) {
  return sendMail(smtpPort, {
    to: address,
    subject: `Re: ${SUBJECT}`,
    inReplyTo,
    text: REPLY_TEXT,
    attachments: [
      { filename: 'second.txt', content: Buffer.from('second try\n'), contentType: 'text/plain' },
    ],
  })
}

function readClipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText())
}

// Its IMAP test server is on this machine, which users may not reach unless the operator allows it.
test.use({
  serverEnv: { INBOUND_DOMAIN, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
  permissions: ['clipboard-read', 'clipboard-write'],
})

test.skip(!hasChromium, SKIP_REASON)

test.describe('Mailbox', () => {
  test('shows "Your parsing address" on the inbound domain after sign-up, and copies it', async ({
    page,
  }) => {
    await signUp(page, newPerson('mailbox'))
    const addressCard = card(page, 'Your parsing address')
    await expect(addressCard).toBeVisible()
    await expect(addressOf(page)).toHaveText(
      new RegExp(`^[a-z0-9-]+-[a-z0-9]{10}@${escapeRegExp(INBOUND_DOMAIN)}$`),
    )
    const address = (await addressOf(page).textContent()) ?? ''

    await saveScreenshot(page, 'mailbox-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    await addressCard.getByRole('button', { name: 'Copy address' }).click()
    await expect(toast(page, 'Copied to the clipboard')).toBeVisible()
    await expect.poll(() => readClipboard(page)).toBe(address)
    await expect(addressCard.getByRole('button', { name: 'Copied address' })).toBeVisible()

    // The dashboard keeps the address alone; the rest of the mail setup is one link away.
    await expect(addressCard.getByRole('button', { name: 'Regenerate' })).toHaveCount(0)
    for (const title of ['Webhook URLs', 'IMAP mailboxes', 'Mail kept, not ticketed']) {
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
    }
    await addressCard.getByRole('link', { name: 'Mail settings' }).click()
    await expect(page).toHaveURL(isAt('/settings/workspace/mail'))
    await expect(card(page, 'Parsing address').getByTestId('parsing-address')).toHaveText(address)
    for (const title of ['Webhook URLs', 'IMAP mailboxes', 'Mail kept, not ticketed']) {
      await expect(card(page, title)).toBeVisible()
    }
  })

  test('turns an email with an attachment into a ticket on the open dashboard, and downloads the file', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailbox(page)
    // Set on this document only: still there afterwards means the page was never reloaded.
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
    })
    const { row } = await mailFirstEmail(page, parsedesk.smtpPort, address)
    await expect(row).toContainText(CUSTOMER)
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true)

    await row.getByRole('button').click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const files = dialog.getByRole('list', { name: 'Attachments of the first email' })
    const link = files.getByRole('link', { name: `${ATTACHMENT_NAME} (download)` })
    await expect(link).toBeVisible()
    await expect(files).toContainText('20 KB')

    const downloading = page.waitForEvent('download')
    await link.click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(ATTACHMENT_NAME)
    const saved = await download.path()
    expect(Buffer.compare(fs.readFileSync(saved), ATTACHMENT)).toBe(0)
  })

  test('shows an image attachment as a thumbnail, and an SVG by its name only', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailbox(page)
    // A 1×1 PNG, and an SVG with a script: never shown in place.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    await sendMail(parsedesk.smtpPort, {
      to: address,
      subject: 'Screenshot of the error',
      text: 'The screenshot and our logo are attached.',
      attachments: [
        { filename: 'screenshot.png', content: png, contentType: 'image/png' },
        {
          filename: 'logo.svg',
          content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
          contentType: 'image/svg+xml',
        },
      ],
    })
    const row = rows(page).filter({ hasText: 'Screenshot of the error' })
    await expect(row).toBeVisible()
    await row.getByRole('button').click()
    const files = page
      .getByRole('dialog', { name: 'Ticket Details' })
      .getByRole('list', { name: 'Attachments of the first email' })
    const thumbnail = files.getByRole('img', { name: 'Thumbnail of screenshot.png' })
    await expect(thumbnail).toBeVisible()
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1)
    await expect(files.getByRole('link', { name: 'logo.svg (download)' })).toBeVisible()
    await expect(files.getByRole('img')).toHaveCount(1)
  })

  test('hides a mail’s remote images until asked, then shows them fetched by the server, not the browser', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    // The sender's web server: who asked for the image, and as whom.
    const asked: string[] = []
    const imageHost = http.createServer((request, response) => {
      asked.push(String(request.headers['user-agent']))
      response.writeHead(200, { 'content-type': 'image/png' }).end(png)
    })
    await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve))
    const { port } = imageHost.address() as AddressInfo
    try {
      const address = await openMailbox(page)
      await sendMail(parsedesk.smtpPort, {
        to: address,
        subject: 'Our new logo',
        text: 'Here it is.',
        html: `<p>Here it is:</p><img id="logo" alt="logo" src="http://127.0.0.1:${port}/logo.png">`,
      })
      const row = rows(page).filter({ hasText: 'Our new logo' })
      await expect(row).toBeVisible()
      await row.getByRole('link').first().click()
      await expect(page.getByText('1 remote image is hidden.')).toBeVisible()
      const logo = page.frameLocator('iframe[title="Email HTML body, sanitised"]').locator('#logo')
      await expect(logo).not.toHaveAttribute('src')
      expect(asked).toEqual([])

      await page.getByRole('button', { name: 'Show images' }).click()
      await expect(logo).toHaveAttribute('src', /^data:image\/png;base64,/)
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1)
      expect(asked).toEqual(['Parsedesk image proxy'])
    } finally {
      imageHost.close()
    }
  })

  test('shows emoji in a mailed subject as written, in a font stack that has emoji', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailbox(page)
    const subject = 'Parcel arrived 🎉 thanks 👍🏽'
    // nodemailer sends it as an RFC 2047 encoded word, as mail clients do.
    await sendMail(parsedesk.smtpPort, { to: address, subject, text: 'All good now.' })
    const row = rows(page).filter({ hasText: subject })
    await expect(row).toBeVisible()
    const fonts = await row
      .getByRole('button', { name: subject })
      .evaluate((cell) => getComputedStyle(cell).fontFamily)
    expect(fonts).toContain('Noto Color Emoji')
    expect(fonts).toContain('Apple Color Emoji')
  })

  test('threads a reply into the open ticket’s conversation, as text, with no new row', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailbox(page)
    const { row, messageId } = await mailFirstEmail(page, parsedesk.smtpPort, address)
    await row.getByRole('button').click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    await expect(dialog).toBeVisible()

    await mailReply(parsedesk.smtpPort, address, messageId)
    const conversation = dialog.getByRole('region', { name: 'Conversation (1 reply)' })
    await expect(conversation).toBeVisible({ timeout: 30_000 })
    await expect(conversation.getByText('Still failing today.', { exact: false })).toBeVisible()
    await expect(conversation).toContainText('<b>This is not bold</b>')
    await expect(conversation.locator('b, img')).toHaveCount(0)
    await expect(conversation.getByRole('link', { name: 'second.txt (download)' })).toBeVisible()
    await expect(rows(page)).toHaveCount(1)

    await conversation.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'ticket-conversation-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('shows the webhook URLs with the secret hidden until revealed, and they take mail', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailSettings(page)
    const webhooks = card(page, 'Webhook URLs')
    await expect(webhooks).toBeVisible()
    const postmark = webhooks.locator('dd').nth(1)
    await expect(postmark.getByText('/postmark?secret=')).toBeVisible()
    await expect(postmark).toContainText('••••')

    await webhooks.getByRole('button', { name: 'Copy Raw MIME URL' }).click()
    const rawUrlPattern = new RegExp(`^${escapeRegExp(parsedesk.url)}/v1/inbound/[^/]+/raw\\?secret=.+$`)
    await expect.poll(() => readClipboard(page)).toMatch(rawUrlPattern)
    const rawUrl = await readClipboard(page)
    const secret = new URL(rawUrl).searchParams.get('secret') ?? ''
    await expect(webhooks).not.toContainText(secret)

    const reveal = webhooks.getByRole('button', { name: 'Reveal secret' })
    await expect(reveal).toHaveAttribute('aria-pressed', 'false')
    await reveal.click()
    await expect(webhooks.getByRole('button', { name: 'Hide secret' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(webhooks).toContainText(rawUrl)
    await webhooks.getByRole('button', { name: 'Hide secret' }).click()
    await expect(webhooks.getByRole('button', { name: 'Reveal secret' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(webhooks).not.toContainText(secret)

    await openDashboard(page)

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
    await expect(rows(page).filter({ hasText: 'Posted through the raw webhook' })).toBeVisible({
      timeout: 30_000,
    })
  })

  test('counts mail kept without a ticket and lists it with the reason', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    await page.clock.install()
    const address = await openMailSettings(page)
    await sendMail(parsedesk.smtpPort, {
      to: address,
      subject: 'Automatic reply: out of office',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: 'I am away until Monday.',
    })
    const kept = card(page, 'Mail kept, not ticketed')
    const latest = kept.getByRole('list', { name: 'Latest mail not ticketed' })
    const item = latest.getByRole('listitem').filter({ hasText: 'Automatic reply: out of office' })
    const autoReplies = kept.locator('dl > div', { hasText: 'Auto-replies' }).locator('dd')
    // No event announces kept mail: the card reads it again every 15 s on its own. The page's clock runs
    // those 15 s on at once, as often as it takes the server to keep the mail.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(KEPT_MAIL_REFRESH_MS)
          return (await item.isVisible()) && (await autoReplies.textContent())
        },
        { timeout: 45_000 },
      )
      .toBe('1')
    await expect(item.getByText('auto-reply', { exact: true })).toBeVisible()
    await expect.poll(() => textLength(item)).toBeGreaterThan('auto-reply'.length + 40)
    await expect(autoReplies).toHaveText('1')
    // The card read the mail after it was kept; a ticket made of it would have been stored by then.
    const tickets = await page.request.get(TICKETS_PATH, { headers: PROJECT_HEADERS })
    expect(((await tickets.json()) as { total: number }).total).toBe(0)
  })

  test('connects an IMAP mailbox, shows its status and last error, disables and removes it', async ({
    page,
    signedIn: _,
  }) => {
    await openMailSettings(page)
    const imap = card(page, 'IMAP mailboxes')
    await expect(imap.getByText('No IMAP mailbox connected.')).toBeVisible()
    await imap.getByRole('button', { name: 'Connect a mailbox' }).click()
    const form = imap.getByRole('form', { name: 'Connect an IMAP mailbox' })
    await expect(form).toBeVisible()
    await expect(form.getByLabel('IMAP server')).toBeFocused()
    await form.getByLabel('Port', { exact: true }).fill('')
    await form.getByRole('button', { name: 'Connect mailbox' }).click()
    await expect(form.getByText('Enter the IMAP server name, e.g. imap.example.com')).toBeVisible()
    await expect(form.getByText('The port is a number from 1 to 65535')).toBeVisible()
    await expect(form.getByText('Enter the password of the mailbox')).toBeVisible()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toHaveCount(0)
    const connect = imap.getByRole('button', { name: 'Connect a mailbox' })
    await expect(connect).toBeFocused({ timeout: 2000 })
    await page.keyboard.press('Enter')
    await expect(form).toBeVisible()

    // Nothing listens on this port: the account must end in `error` with the reason.
    const closedPort = await freePort()
    await form.getByLabel('IMAP server').fill('127.0.0.1')
    await form.getByLabel('Port', { exact: true }).fill('993')
    await form.getByLabel('Use TLS from the start').uncheck()
    await expect(form.getByLabel('Port', { exact: true })).toHaveValue('143')
    await form.getByLabel('Port', { exact: true }).fill(String(closedPort))
    await form.getByLabel('User name').fill('support@customer-corp.example')
    await form.getByLabel('Mailbox password').fill('imap-password')
    await form.getByLabel('Move fetched mail to (optional)').fill('Parsedesk')
    await form.getByRole('button', { name: 'Connect mailbox' }).click()
    await expect(toast(page, 'IMAP mailbox connected')).toBeVisible()
    await expect(form).toHaveCount(0)

    const item = imap.getByRole('listitem').filter({ hasText: 'support@customer-corp.example' })
    await expect(item.getByText('error', { exact: true })).toBeVisible({ timeout: 30_000 })
    await expect(item.getByText('Last error:')).toBeVisible()
    await expect(item).toContainText(`Could not reach an IMAP server at 127.0.0.1:${closedPort}`)
    await expect(item).not.toContainText('imap-password')
    // The mail cards from their top (the address, the webhook URLs beside the IMAP mailboxes), below the
    // sticky header, which would cover them after a plain scrollIntoView.
    await card(page, 'Parsing address').evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80),
    )
    await saveScreenshot(page, 'mailbox-setup-desktop')
    expect(await findAccessibilityViolations(page)).toEqual([])

    await item.getByRole('button', { name: 'Disable support@customer-corp.example on 127.0.0.1' }).click()
    await expect(item.getByText('disabled', { exact: true })).toBeVisible()
    await expect(item.getByRole('button', { name: /^Enable/ })).toBeVisible()

    await item.getByRole('button', { name: /^Remove/ }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove this IMAP mailbox?' })
    await confirm.getByRole('button', { name: 'Remove mailbox' }).click()
    await expect(toast(page, 'IMAP mailbox removed')).toBeVisible()
    await expect(imap.getByText('No IMAP mailbox connected.')).toBeVisible()
    await expect(connect).toBeFocused({ timeout: 2000 })
  })

  test('regenerates the address only after confirmation, and the old one stops taking mail', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailSettings(page)
    const regenerate = card(page, 'Parsing address').getByRole('button', { name: 'Regenerate' })
    await regenerate.click()
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate the parsing address?' })
    await expect(confirm).toContainText(address)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(addressOf(page)).toHaveText(address)
    await expect(regenerate).toBeFocused({ timeout: 2000 })

    await page.keyboard.press('Enter')
    await confirm.getByRole('button', { name: 'Regenerate address' }).click()
    await expect(toast(page, 'New parsing address ready')).toBeVisible()
    await expect(confirm).toBeHidden()
    await expect(addressOf(page)).not.toHaveText(address)
    await expect(addressOf(page)).toHaveText(new RegExp(`@${escapeRegExp(INBOUND_DOMAIN)}$`))

    const refused = await sendMail(parsedesk.smtpPort, {
      to: address,
      subject: 'To the old address',
      text: 'Hello?',
    }).then(
      () => 'accepted',
      (error: { responseCode?: number }) => error.responseCode,
    )
    expect(refused).toBe(550)
  })

  test('lets no other user download the attachment', async ({
    page,
    parsedesk,
    openBrowser,
    signedIn: _,
  }) => {
    const address = await openMailbox(page)
    const { row } = await mailFirstEmail(page, parsedesk.smtpPort, address)
    await row.getByRole('button').click()
    const link = page
      .getByRole('dialog', { name: 'Ticket Details' })
      .getByRole('link', { name: `${ATTACHMENT_NAME} (download)` })
    await expect(link).toHaveAttribute('href', /\/v1\/storage\/buckets\/attachments\/files\/[^/]+\/download/)
    const attachmentUrl = new URL((await link.getAttribute('href')) ?? '', parsedesk.url).toString()

    const { context: otherContext, page: otherPage } = await openBrowser({ viewport: PHONE })
    await signUpThroughApi(otherContext.request, newPerson('stranger'))
    await openDashboard(otherPage)
    await expect(addressOf(otherPage)).toBeVisible()
    await expect(addressOf(otherPage)).not.toHaveText(address)
    const seen = await otherPage.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'include' })
      return { status: response.status, body: await response.text() }
    }, attachmentUrl)
    expect(seen.status).toBe(404)
    const totals = await otherPage.evaluate(async (headers) => {
      const read = async (path: string) => {
        const response = await fetch(path, { headers, credentials: 'include' })
        return (await response.json()).total
      }
      return {
        files: await read('/v1/storage/buckets/attachments/files'),
        messages: await read('/v1/databases/main/collections/messages/documents'),
      }
    }, PROJECT_HEADERS)
    expect(totals).toEqual({ files: 0, messages: 0 })
    const own = await page.evaluate(
      async (url) => (await fetch(url, { credentials: 'include' })).status,
      attachmentUrl,
    )
    expect(own).toBe(200)
  })

  test('fits a phone: no sideways scroll at 360 px, the mailbox card and a conversation', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    const address = await openMailbox(page)
    const { messageId } = await mailFirstEmail(page, parsedesk.smtpPort, address)
    await mailReply(parsedesk.smtpPort, address, messageId)

    await page.setViewportSize(PHONE)
    await page.evaluate(() => window.scrollTo(0, 0))
    await saveScreenshot(page, 'mailbox-phone')
    for (const width of [375, 360]) {
      await page.setViewportSize({ width, height: 812 })
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBe(0)
    }
    await page.setViewportSize(PHONE)
    // A phone lists tickets as cards (the table is for wider screens).
    await page.locator('ul[aria-label="Recent tickets"]').getByRole('button', { name: SUBJECT }).click()
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' })
    const conversation = dialog.getByRole('region', { name: 'Conversation (1 reply)' })
    await expect(conversation).toBeVisible({ timeout: 30_000 })
    await conversation.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'ticket-conversation-phone')
    await expect.poll(() => dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // The mail cards of the workspace settings, with their long URLs, wrap too.
    await openMailSettings(page)
    const webhooks = card(page, 'Webhook URLs')
    await expect(webhooks.getByRole('button', { name: 'Copy Raw MIME URL' })).toBeVisible()
    await expect(card(page, 'IMAP mailboxes').getByText('No IMAP mailbox connected.')).toBeVisible()
    for (const width of [375, 360]) {
      await page.setViewportSize({ width, height: 812 })
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBe(0)
    }
    await page.setViewportSize(PHONE)
    await webhooks.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80))
    await saveScreenshot(page, 'mailbox-setup-phone')
  })
})
