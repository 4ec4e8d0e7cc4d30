import path from 'node:path'
import { CollectionId, DATABASE_ID, TicketStatus } from '@parsedesk/contracts'
import { expect, test } from '@playwright/test'
import { Account, type Models } from 'appwrite'
import { linkIn, startTestRelay, type TTestRelay } from '../../apps/server/src/outbox/outbox.test-kit'
import { sendDueSurveys } from '../../apps/server/src/satisfaction/send-surveys'
import { sdkClient, signUpUser } from '../../apps/server/src/testing/sdk-client'
import { startTestServer, type TTestServer } from '../../apps/server/src/testing/test-server'
import { findAccessibilityViolations } from './support/axe'
import { DESKTOP, hasChromium, SKIP_REASON } from './support/browser'
import { SCREENSHOT_DIR } from './support/paths'
import { sendMail } from './support/smtp'

test.skip(!hasChromium, SKIP_REASON)

const PHONE_360 = { width: 360, height: 740 }
const CUSTOMER = 'marta@cliente.example'

// The rating page is the requester's, without the app: the test runs its own server in this process, so
// it can move the survey's clock a day on (sendDueSurveys at a later `now`) instead of waiting a day.
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

test('a requester rates the help on a 360 px phone, in Spanish, once; the agent sees it on the ticket', async ({
  page,
  browser,
}) => {
  const ada = await signUpUser(server.url, 'Ada Lovelace')
  // The parsing address, as the dashboard reads it.
  const mailboxes = await ada.databases.listDocuments<Models.Document & { address: string }>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.mailboxes,
  })
  const mailbox = mailboxes.documents[0]?.address ?? ''
  await sendMail(server.smtpPort ?? 0, {
    from: CUSTOMER,
    to: mailbox,
    subject: 'No puedo iniciar sesión',
    text: 'Hola, no puedo iniciar sesión en mi cuenta desde ayer. ¿Pueden ayudarme, por favor? Gracias.',
  })
  let ticketId = ''
  await expect
    .poll(async () => {
      const found = await server.db.query<{ id: string }>(
        `select id from tickets where email = $1 and analysis ->> 'language' = 'Spanish'`,
        [CUSTOMER],
      )
      ticketId = found.rows[0]?.id ?? ''
      return ticketId
    })
    .not.toBe('')
  // Ada answers (a verified owner may mail a stranger, decision 026), then closes the ticket.
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
    data: { ticketId, body: 'Le hemos enviado un enlace para restablecer la contraseña.' },
  })
  await ada.databases.updateDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: ticketId,
    data: { status: TicketStatus.closed },
  })
  expect(
    await sendDueSurveys(
      { db: server.db, outbox: server.outbox, publicUrl: server.url },
      new Date(Date.now() + 25 * 3_600_000),
    ),
  ).toBe(1)
  await expect
    .poll(() => relay.arrived.filter((mail) => linkIn(mail)?.pathname.startsWith('/rate/')).length)
    .toBe(1)
  const survey = relay.arrived.find((mail) => linkIn(mail)?.pathname.startsWith('/rate/'))
  const link = survey && linkIn(survey)
  if (!link) throw new Error('the survey has no link')

  await page.setViewportSize(PHONE_360)
  await page.goto(`${server.url}${link.pathname}?rating=good`)
  await expect(page.getByRole('heading', { name: '¿Cómo valora la ayuda que recibió?' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Buena, estoy satisfecho' })).toBeChecked()
  // Fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_360.width)
  expect(await findAccessibilityViolations(page)).toEqual([])
  await page
    .getByRole('textbox', { name: '¿Algo que quiera contarnos? (opcional)' })
    .fill('Muy rápido, gracias')
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'satisfaction-rating-phone.png'), fullPage: true })

  await page.getByRole('button', { name: 'Enviar valoración' }).click()
  await expect(page.getByRole('heading', { name: 'Gracias por su valoración.' })).toBeVisible()

  // The link again: used, said so, nothing rated twice.
  await page.goto(`${server.url}${link.pathname}`)
  await expect(
    page.getByRole('heading', { name: 'Este enlace de valoración ya se utilizó. ¡Gracias!' }),
  ).toBeVisible()
  const events = await server.db.query<{ after: { rating: string; comment: string } }>(
    `select "after" from ticket_events where "ticketId" = $1 and "type" = 'satisfaction'`,
    [ticketId],
  )
  expect(events.rows.map((row) => row.after)).toMatchObject([
    { rating: 'good', comment: 'Muy rápido, gracias' },
  ])

  // Ada, who closed it, finds the rating on the ticket, credited to her.
  const agent = await browser.newPage({ viewport: DESKTOP })
  await agent.goto(`${server.url}/auth`)
  await agent.getByLabel('Email Address').fill(ada.email)
  await agent.getByLabel('Password', { exact: true }).fill(ada.password)
  await agent.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(agent).toHaveURL(/\/tickets/)
  const { number } = await ada.databases.getDocument<Models.Document & { number: number }>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: ticketId,
  })
  await agent.goto(`${server.url}/tickets/${number}`)
  await expect(
    agent.getByText('The customer rated the help Good: “Muy rápido, gracias” (credited to Ada Lovelace)'),
  ).toBeVisible()

  // The clocks are the workspace's: the section refuses a close before the reminder, then saves.
  await agent.goto(`${server.url}/settings/workspace/lifecycle`)
  const reminder = agent.getByLabel('Remind a pending ticket’s requester after (days)')
  const close = agent.getByLabel('Close a pending ticket after (days)')
  await expect(reminder).toHaveValue('3')
  await reminder.fill('5')
  await close.fill('4')
  await expect(agent.getByRole('alert')).toHaveText('Pending tickets must close later than their reminder')
  await expect(agent.getByRole('button', { name: 'Save' })).toBeDisabled()
  await close.fill('10')
  await agent.getByRole('button', { name: 'Save' }).click()
  await expect(agent.getByText('Ticket lifecycle saved')).toBeVisible()
  await agent.reload()
  await expect(agent.getByLabel('Close a pending ticket after (days)')).toHaveValue('10')
  await agent.screenshot({ path: path.join(SCREENSHOT_DIR, 'ticket-lifecycle-settings.png'), fullPage: true })
  await agent.close()
})
