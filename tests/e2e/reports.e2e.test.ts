import fs from 'node:fs'
import path from 'node:path'
import { CollectionId, DATABASE_ID, TicketStatus } from '@parsedesk/contracts'
import { expect, type Locator, test } from '@playwright/test'
import { Account, type Models } from 'appwrite'
import { linkIn, startTestRelay, type TTestRelay } from '../../apps/server/src/outbox/outbox.test-kit'
import { sdkClient, signUpUser } from '../../apps/server/src/testing/sdk-client'
import { startTestServer, type TTestServer } from '../../apps/server/src/testing/test-server'
import { DESKTOP, hasChromium, SKIP_REASON } from './support/browser'

const PHONE_390 = { width: 390, height: 844 }

import { SCREENSHOT_DIR } from './support/paths'
import { sendMail } from './support/smtp'

test.skip(!hasChromium, SKIP_REASON)

const SUBJECTS = ['Invoice is wrong', 'Cannot log in', 'Export button missing']

let relay: TTestRelay
let server: TTestServer

test.beforeAll(async () => {
  relay = await startTestRelay()
  server = await startTestServer({
    database: 'pglite',
    roles: ['http', 'smtp', 'worker'],
    env: { INBOUND_DOMAIN: 'inbound.test', SMTP_RELAY_URL: relay.url },
  })
})
test.afterAll(async () => {
  await server?.stop()
  await relay?.close()
})

/** The ticket numbers a drill-down lists, as its links to the ticket pages say them. */
async function listedNumbers(drill: Locator): Promise<string[]> {
  const links = drill.getByRole('link')
  for (const href of await links.evaluateAll((all) => all.map((link) => link.getAttribute('href'))))
    expect(href).toMatch(/^\/tickets\/\d+$/)
  return (await links.allTextContents()).sort()
}

test('an owner reads /reports: headline numbers, charts, the tickets behind a bar, and their CSV', async ({
  page,
}) => {
  const ada = await signUpUser(server.url, 'Ada Lovelace')
  const mailboxes = await ada.databases.listDocuments<Models.Document & { address: string }>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.mailboxes,
  })
  const mailbox = mailboxes.documents[0]?.address ?? ''
  for (const [index, subject] of SUBJECTS.entries())
    await sendMail(server.smtpPort ?? 0, {
      from: `customer${index}@client.example`,
      to: mailbox,
      subject,
      text: `Hello, ${subject.toLowerCase()} since this morning. Could you help, please?`,
    })
  const tickets = async () =>
    (
      await server.db.query<{ id: string; number: number; subject: string }>(
        'select id, number, subject from tickets order by number',
      )
    ).rows
  await expect.poll(async () => (await tickets()).length).toBe(SUBJECTS.length)
  const all = await tickets()
  const answered = all.find((ticket) => ticket.subject === SUBJECTS[0])
  if (!answered) throw new Error('the first mail made no ticket')

  // Ada verifies her address (a verified owner may mail a stranger, decision 026), answers one, closes it.
  await ada.account.createEmailVerification({ url: `${server.url}/verify` })
  await expect.poll(() => relay.arrived.filter((mail) => mail.envelope.to.includes(ada.email)).length).toBe(1)
  const verification = relay.arrived.find((mail) => mail.envelope.to.includes(ada.email))
  const verifyLink = verification && linkIn(verification)
  await new Account(sdkClient(server.url)).updateEmailVerification({
    userId: verifyLink?.searchParams.get('userId') ?? '',
    secret: verifyLink?.searchParams.get('secret') ?? '',
  })
  await ada.databases.createDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.messages,
    documentId: 'unique()',
    data: { ticketId: answered.id, body: 'The invoice is corrected; a new copy is attached.' },
  })
  await ada.databases.updateDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: answered.id,
    data: { status: TicketStatus.closed },
  })
  // A custom field of the workspace, its value set on the answered ticket: the drill-down shows its column.
  await ada.databases.createDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.customFields,
    documentId: 'unique()',
    data: { key: 'invoice_number', label: 'Invoice number', type: 'text' },
  })
  await ada.databases.updateDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: answered.id,
    data: { customFields: { invoice_number: 'INV-2041' } },
  })

  // One SLA policy for every ticket, a day for the first reply: the answered ticket met it, the others run.
  await ada.databases.createDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.slaPolicies,
    documentId: 'unique()',
    data: {
      name: 'Everyone',
      position: 0,
      conditions: { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] },
      targets: Object.fromEntries(
        ['high', 'medium', 'low'].map((priority) => [
          priority,
          { 'first-reply': { minutes: 1440, businessHours: false } },
        ]),
      ),
    },
  })

  await page.setViewportSize(DESKTOP)
  await page.goto(`${server.url}/auth`)
  await page.getByLabel('Email Address').fill(ada.email)
  await page.getByLabel('Password', { exact: true }).fill(ada.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/tickets/)
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page).toHaveURL(/\/reports/)
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()

  const headline = page.getByRole('region', { name: 'Headline numbers' })
  await expect(headline.getByRole('button', { name: String(SUBJECTS.length), exact: true })).toBeVisible()
  // One ticket answered and resolved within the test: both medians are measured, in minutes.
  await expect(headline).toContainText(/First reply \(median\)\d+ min/)
  await expect(headline).toContainText(/Resolution \(median\)\d+ min/)
  // recharts drew the charts: the day chart and the one resolution measured, as a bar.
  await expect(page.getByTestId('chart-per-day').getByRole('application')).toBeVisible()
  const resolutionBar = page.getByTestId('chart-resolution.csv').locator('.recharts-bar-rectangle path')
  await expect(resolutionBar).toHaveCount(1)
  await expect(page.getByText(/· 1 measured/).first()).toBeVisible()

  // The bar opens exactly the ticket resolved.
  const drill = page.locator('[aria-label="Tickets behind the number"]')
  await resolutionBar.click()
  await expect(drill).toContainText('Resolution time:')
  await expect(drill).toContainText('· 1 tickets')
  expect(await listedNumbers(drill)).toEqual([String(answered.number)])

  // The Tickets count opens all of them; the CSV holds exactly the rows listed.
  await headline.getByRole('button', { name: String(SUBJECTS.length), exact: true }).click()
  await expect(drill).toContainText(`All tickets · ${SUBJECTS.length} tickets`)
  await expect(drill.getByRole('link')).toHaveCount(SUBJECTS.length)
  const listed = await listedNumbers(drill)
  expect(listed).toEqual(all.map((ticket) => String(ticket.number)).sort())
  await expect(drill.getByRole('columnheader', { name: 'Invoice number' })).toBeVisible()
  const answeredRow = drill
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: String(answered.number), exact: true }) })
  await expect(answeredRow.getByRole('cell').last()).toHaveText('INV-2041')
  const downloading = page.waitForEvent('download')
  await drill.getByRole('button', { name: 'Tickets CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('tickets-all.csv')
  const csv = fs
    .readFileSync((await download.path()) ?? '', 'utf8')
    .trim()
    .split(/\r?\n/)
  expect(csv[0]).toMatch(/^number,subject,status,/)
  const rows = csv.slice(1).map((line) => line.split(','))
  expect(rows.map((row) => row[0]).sort()).toEqual(listed)
  expect(rows.map((row) => row[1]).sort()).toEqual([...SUBJECTS].sort())
  expect(rows.find((row) => row[0] === String(answered.number))?.[2]).toBe(TicketStatus.closed)

  // SLA achievement by policy: the policy's row, its first reply met once, which opens the answered ticket.
  const slaByPolicy = page.getByRole('table', { name: 'SLA achievement by policy' })
  const policyRow = slaByPolicy.getByRole('row').filter({ hasText: 'Everyone' })
  await expect(policyRow).toContainText('100% (1 met, 0 breached)')
  await policyRow.getByRole('button', { name: '1', exact: true }).click()
  await expect(drill).toContainText('Everyone: First reply met · 1 tickets')
  expect(await listedNumbers(drill)).toEqual([String(answered.number)])
  // By agent: the same result, on the row of whoever the ticket is assigned to.
  await page.getByLabel('Break down by').selectOption('agent')
  const slaByAgent = page.getByRole('table', { name: 'SLA achievement by agent' })
  await expect(slaByAgent).toContainText('100% (1 met, 0 breached)')
  // Its CSV holds the rows on screen: the agent's row, first reply met once, breached never, 100%.
  const shownAgent = (await slaByAgent.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? ''
  const slaDownloading = page.waitForEvent('download')
  await page
    .locator('[data-slot="card"]')
    .filter({ has: slaByAgent })
    .getByRole('button', { name: 'CSV', exact: true })
    .click()
  const slaDownload = await slaDownloading
  expect(slaDownload.suggestedFilename()).toBe('sla-by-agent.csv')
  const slaCsv = fs
    .readFileSync((await slaDownload.path()) ?? '', 'utf8')
    .trim()
    .split(/\r?\n/)
  expect(slaCsv[0]).toMatch(/^Agent,First reply met,First reply breached,First reply achievement,/)
  expect(slaCsv.slice(1)).toHaveLength(
    await slaByAgent
      .getByRole('row')
      .count()
      .then((n) => n - 1),
  )
  expect(slaCsv[1]?.split(',').slice(0, 4)).toEqual([shownAgent, '1', '0', '100%'])

  // "By mailbox" names the workspace's address, not its id.
  await expect(page.getByRole('list', { name: 'By mailbox table' })).toContainText(mailbox)

  // The period's dates show whole, at 1280 px as on a phone (ten filters a row cut them to "10/30/20").
  for (const size of [DESKTOP, PHONE_390]) {
    await page.setViewportSize(size)
    for (const label of ['From', 'To']) {
      const input = page.getByLabel(label, { exact: true })
      await expect(input).toBeVisible()
      // A date field never scrolls, so it is measured against a copy of itself at the width it asks for.
      const [shown, whole] = await input.evaluate((field: HTMLInputElement) => {
        const copy = field.cloneNode() as HTMLInputElement
        copy.style.width = 'auto'
        document.body.append(copy)
        const asked = copy.offsetWidth
        copy.remove()
        return [field.offsetWidth, asked]
      })
      expect(shown).toBeGreaterThanOrEqual(whole)
    }
  }

  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'reports-phone.png'),
    fullPage: false,
    animations: 'disabled',
  })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'reports.png'),
    fullPage: true,
    animations: 'disabled',
  })
})
