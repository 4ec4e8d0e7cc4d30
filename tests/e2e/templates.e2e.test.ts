import type { Page } from '@playwright/test'
import { openDashboard, rows, toast } from './support/app'
import { findAccessibilityViolations } from './support/axe'
import { hasChromium, SKIP_REASON, saveScreenshot } from './support/browser'
import { expect, test } from './support/fixtures'
import { sendMail } from './support/smtp'

test.skip(!hasChromium, SKIP_REASON)

const STAMP = Date.now()
const SHOP = 'orders@shop.example'
const orderMail = (order: string, total: string) => ({
  from: SHOP,
  subject: `Order ${order} confirmed ${STAMP}`,
  text: [
    'Thank you for your order!',
    '',
    `Order number: ${order}`,
    `Total: ${total} EUR   Paid by card`,
    '',
    'Questions? Reply to this email.',
  ].join('\n'),
})
const FIRST = orderMail('10042-A', '129.90')
const NEXT = orderMail('20077-C', '5.00')

/** Selects `value` in the sample email with the mouse, as an admin drags over it. */
async function dragOver(page: Page, value: string) {
  const sample = page.getByTestId('sample-email-text')
  await sample.scrollIntoViewIfNeeded()
  const at = await sample.evaluate((element, wanted) => {
    const node = element.firstChild as Text
    const start = (node.textContent ?? '').indexOf(wanted)
    const range = document.createRange()
    range.setStart(node, start)
    range.setEnd(node, start + wanted.length)
    const rect = range.getBoundingClientRect()
    return { from: rect.left + 1, to: rect.right - 1, y: rect.top + rect.height / 2 }
  }, value)
  await page.mouse.move(at.from, at.y)
  await page.mouse.down()
  await page.mouse.move(at.to, at.y, { steps: 8 })
  await page.mouse.up()
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Ticket fields' })

test.describe('Extraction templates', () => {
  test('an admin builds a template by selection on a mail the workspace received; the next mail’s ticket carries the value and where it came from', async ({
    page,
    parsedesk,
    signedIn: _,
  }) => {
    await openDashboard(page)
    const address = (await page.getByTestId('parsing-address').textContent()) ?? ''
    await sendMail(parsedesk.smtpPort, { to: address, ...FIRST })
    await expect(rows(page).filter({ hasText: FIRST.subject })).toBeVisible({ timeout: 30_000 })

    // A custom field for the order number, which the template will fill.
    await page.goto('/settings/workspace/custom-fields')
    const fieldForm = page.getByRole('form', { name: 'New custom field' })
    await fieldForm.getByLabel('Label').fill('Order number')
    await expect(fieldForm.getByLabel(/^Key/)).toHaveValue('order_number')
    await fieldForm.getByRole('button', { name: 'Add custom field' }).click()
    await expect(toast(page, 'Custom field created')).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Custom fields' }).getByText('customFields.order_number'),
    ).toBeVisible()

    // The template, built by selecting the value in the mail that came in.
    await page.goto('/settings/workspace/templates')
    const form = page.getByRole('form', { name: 'New template' })
    await form.getByLabel('Template name').fill('Shop orders')
    await form.getByLabel('Sender match').selectOption('contains')
    await form.getByLabel('Sender', { exact: true }).fill('shop.example')
    await expect(page.getByTestId('sample-email-text')).toContainText('Order number: 10042-A')
    await dragOver(page, '10042-A')
    const naming = form.getByRole('group', { name: 'Name the selected value' })
    await expect(naming).toContainText('Selected 10042-A: found after “Order number: ”')
    await naming.getByLabel('Field name').fill('Order number')
    await naming.getByRole('button', { name: 'Add field' }).click()
    await form.getByRole('group', { name: 'Field Order number' }).getByLabel('Fills').selectOption({
      label: 'Custom field: Order number',
    })

    // The page's own grid as the admin types, and the server's run of the same draft.
    const grid = form.getByRole('region', { name: 'Preview on recent emails' })
    await expect(grid).toContainText('All fields found in 1 of 1 recent emails')
    await expect(grid.getByRole('row').nth(1)).toContainText('Pass10042-A')
    const server = form.getByRole('region', { name: 'Server preview' })
    await expect(server).toContainText('the template reads 1 of 1 recent emails', { timeout: 15_000 })
    await form.getByRole('button', { name: 'Save the sample as a test email' }).click()
    await expect(form.getByRole('region', { name: 'Test emails' })).toContainText('Passes', {
      timeout: 15_000,
    })
    expect(await findAccessibilityViolations(page)).toEqual([])
    await grid.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'template-editor-grid')

    await form.getByRole('button', { name: 'Create template' }).click()
    await expect(toast(page, 'Template created')).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Templates' }).getByText('Shop orders', { exact: true }),
    ).toBeVisible()

    // The next order confirmation by real SMTP: its ticket carries the order number, and where it was read.
    await openDashboard(page)
    await sendMail(parsedesk.smtpPort, { to: address, ...NEXT })
    await expect(rows(page).filter({ hasText: NEXT.subject })).toBeVisible({ timeout: 30_000 })
    await page.goto('/tickets/2')
    const fields = panel(page).getByRole('region', { name: 'Custom fields' })
    await expect(fields.getByLabel('Order number')).toHaveValue('20077-C')
    await expect(fields.getByRole('definition')).toHaveText('20077-C · from line 3 of the body')
    expect(await findAccessibilityViolations(page)).toEqual([])
    await fields.scrollIntoViewIfNeeded()
    await saveScreenshot(page, 'ticket-extracted-fields')

    // A mail of another sender is a ticket all the same, flagged for the agents.
    await openDashboard(page)
    const question = `Where is my parcel ${STAMP}`
    await sendMail(parsedesk.smtpPort, { to: address, subject: question, text: 'It has been a week.' })
    await expect(rows(page).filter({ hasText: question })).toBeVisible({ timeout: 30_000 })
    await page.goto('/tickets/3')
    await expect(panel(page).getByText('No template')).toBeVisible()
  })
})
