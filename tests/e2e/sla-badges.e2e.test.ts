import path from 'node:path'
import { CollectionId, DATABASE_ID } from '@parsedesk/contracts'
import { expect, test } from '@playwright/test'
import { ID, type Models, Teams } from 'appwrite'
import { signUpUser } from '../../apps/server/src/testing/sdk-client'
import { startTestServer, type TTestServer } from '../../apps/server/src/testing/test-server'
import { DESKTOP, hasChromium, SKIP_REASON } from './support/browser'
import { SCREENSHOT_DIR } from './support/paths'

test.skip(!hasChromium, SKIP_REASON)

const anything = { priorities: [], groupIds: [], categories: [], tags: [], mailboxIds: [] }
const target = (minutes: number) => ({ minutes, businessHours: false })

let server: TTestServer
test.beforeAll(async () => {
  server = await startTestServer({ database: 'pglite', roles: ['http'] })
})
test.afterAll(() => server?.stop())

test('the ticket page and the list (its SLA column) show the SLA targets still running, as badges', async ({
  browser,
}) => {
  const ada = await signUpUser(server.url, 'Ada Lovelace')
  const workspace = (await new Teams(ada.client).list()).teams[0]?.$id ?? ''
  const create = (collectionId: string, data: Record<string, unknown>) =>
    ada.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data })
  await create(CollectionId.slaPolicies, {
    teamId: workspace,
    name: 'Standard',
    position: 0,
    conditions: anything,
    targets: {
      high: { resolution: target(60) },
      medium: { resolution: target(8 * 60) },
      low: { resolution: target(3 * 24 * 60) },
    },
  })
  const ticket = await create(CollectionId.tickets, {
    teamId: workspace,
    email: 'customer@example.com',
    subject: 'The printer is on fire',
    body: 'Smoke is coming out of it.',
  })
  await ada.databases.updateDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: ticket.$id,
    data: { priority: 'high' },
  })
  const { number } = await ada.databases.getDocument<Models.Document & { number: number }>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: ticket.$id,
  })

  const page = await browser.newPage({ viewport: DESKTOP })
  await page.goto(`${server.url}/auth`)
  await page.getByLabel('Email Address').fill(ada.email)
  await page.getByLabel('Password', { exact: true }).fill(ada.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/tickets/)
  await page.goto(`${server.url}/tickets/${number}`)
  const badge = page.getByTestId('sla-resolution')
  await expect(badge).toHaveText(/^resolution due in (59|60) min$/)
  await expect(page.getByTestId('ticket-badges')).toContainText('resolution due in')
  await expect(page.getByText('Loading the composer...')).toBeHidden()
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sla-badge-ticket-page.png') })

  // The list shows them in the SLA column, which a member chooses.
  await page.goto(`${server.url}/tickets`)
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'SLA' }).check()
  await page.getByRole('button', { name: 'Columns' }).click()
  await expect(page.getByRole('columnheader', { name: 'SLA' })).toBeVisible()
  await expect(page.getByRole('row', { name: /The printer is on fire/ })).toContainText(
    /resolution due in (59|60) min/,
  )
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sla-badge-list.png') })
})
