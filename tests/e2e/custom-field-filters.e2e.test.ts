import type { APIRequestContext, Page } from '@playwright/test'
import {
  createTicketThroughApi,
  openDashboard,
  PROJECT_HEADERS,
  rows,
  TICKETS_PATH,
  toast,
} from './support/app'
import { hasChromium, SKIP_REASON } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

const FIELDS_PATH = '/v1/databases/main/collections/custom_fields/documents'

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const response = await request.post(path, {
    headers: PROJECT_HEADERS,
    data: { documentId: 'unique()', data },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** A ticket filed through the API, then given its custom values as a member's update gives them. */
async function ticketWith(
  request: APIRequestContext,
  subject: string,
  customFields: Record<string, unknown>,
) {
  const id = await createTicketThroughApi(request, { subject, body: 'Where is my order?' })
  const response = await request.patch(`${TICKETS_PATH}/${id}`, {
    headers: PROJECT_HEADERS,
    data: { data: { customFields } },
  })
  expect(response.status(), await response.text()).toBe(200)
}

const subjectsOf = (page: Page) => rows(page).locator('td:nth-child(3)')

test.describe('Custom fields in the ticket list', () => {
  test('filters by a choice and a number range, shows them as chips, and keeps them in a saved view', async ({
    page,
    context,
    signedIn: _,
  }) => {
    const request = context.request
    await post(request, FIELDS_PATH, {
      key: 'plan',
      label: 'Plan',
      type: 'choice',
      options: [{ value: 'basic' }, { value: 'pro' }],
    })
    await post(request, FIELDS_PATH, { key: 'amount', label: 'Amount', type: 'number' })
    await ticketWith(request, 'Small basic order', { plan: 'basic', amount: 9.5 })
    await ticketWith(request, 'Large pro order', { plan: 'pro', amount: 1249.9 })
    await ticketWith(request, 'Cheap pro order ZX-77', { plan: 'pro', amount: 12 })

    await openDashboard(page)
    await expect(rows(page)).toHaveCount(3, { timeout: 30_000 })
    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByLabel('Plan').selectOption('pro')
    await expect(subjectsOf(page)).toHaveText(['Cheap pro order ZX-77', 'Large pro order'])
    await page.getByLabel('Amount from').fill('100')
    await expect(subjectsOf(page)).toHaveText(['Large pro order'])
    await expect(page.getByRole('button', { name: 'Remove filter Amount: from 100' })).toBeVisible()

    await page.getByRole('button', { name: 'Save view' }).click()
    const save = page.getByRole('dialog', { name: 'Save view' })
    await save.getByLabel('View name').fill('Big pro orders')
    await save.getByRole('button', { name: 'Save view' }).click()
    await expect(toast(page, 'View “Big pro orders” saved')).toBeVisible()
    await page.reload()
    await expect(subjectsOf(page)).toHaveText(['Large pro order'], { timeout: 30_000 })

    await page.getByRole('button', { name: 'Remove filter Amount: from 100' }).click()
    await expect(subjectsOf(page)).toHaveText(['Cheap pro order ZX-77', 'Large pro order'])
    await page.getByRole('button', { name: 'Remove filter Plan: pro' }).click()
    await expect(rows(page)).toHaveCount(3)
  })
})
