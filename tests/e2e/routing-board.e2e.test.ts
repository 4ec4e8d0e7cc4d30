import { createTicketThroughApi, PROJECT_HEADERS, TICKETS_PATH, toast } from './support/app'
import { hasChromium, SKIP_REASON, saveScreenshot, WIDE_DESKTOP } from './support/browser'
import { expect, test } from './support/fixtures'

test.skip(!hasChromium, SKIP_REASON)

test('a manager makes a round robin group and the agent board shows its agents, their load and queue; a member sets themselves away', async ({
  page,
  signedIn: owner,
}) => {
  await page.goto('/settings/workspace/members')
  const newGroup = page.getByRole('form', { name: 'New group' })
  await newGroup.getByLabel('Group name').fill('Billing')
  await newGroup.getByRole('checkbox', { name: owner.name }).check()
  await newGroup.getByLabel('Routing').selectOption({ label: 'Round robin' })
  await newGroup.getByLabel('Open tickets per agent (cap)').fill('5')
  await newGroup.getByRole('button', { name: 'Create group' }).click()
  await expect(toast(page, 'Group created')).toBeVisible()

  const agents = page.getByRole('table', { name: 'Agents' })
  const row = agents.getByRole('row', { name: new RegExp(owner.name) })
  await expect(row).toContainText('0 of 5')
  await expect(page.getByRole('list', { name: 'Group queues' })).toContainText(
    'Billing (Round robin, cap 5): 0 tickets wait',
  )

  const status = row.getByRole('button', { name: 'Available' })
  await expect(status).toHaveAttribute('aria-pressed', 'true')
  await status.click()
  await expect(row.getByRole('button', { name: 'Away' })).toHaveAttribute('aria-pressed', 'false')

  await page.reload()
  await expect(
    page.getByRole('table', { name: 'Agents' }).getByRole('button', { name: 'Away' }),
  ).toBeVisible()
})

test('a manager gives a group skills first: a member’s skills and the rule saying which tickets need them are kept, and the agent board shows the skills', async ({
  page,
  context: { request },
  signedIn: owner,
}) => {
  await page.goto('/settings/workspace/members')
  const newGroup = page.getByRole('form', { name: 'New group' })
  await newGroup.getByLabel('Group name').fill('Billing')
  await newGroup.getByRole('checkbox', { name: owner.name }).check()
  await newGroup.getByLabel(`Skills of ${owner.name}`).fill('Billing, german')
  await newGroup.getByLabel('Routing').selectOption({ label: 'Least loaded' })
  await newGroup.getByRole('checkbox', { name: /^Skills first/ }).check()
  await newGroup.getByRole('button', { name: 'Add a skill rule' }).click()
  const rule = newGroup.getByRole('group', { name: 'Skill rule 1' })
  await rule.getByLabel('Skill', { exact: true }).fill('billing')
  await rule.getByRole('checkbox', { name: 'Billing and payment' }).check()
  await rule.getByLabel('or tagged with any of').fill('invoice, refund')
  await newGroup.getByRole('button', { name: 'Create group' }).click()
  await expect(toast(page, 'Group created')).toBeVisible()

  await page.reload()
  await page.getByRole('list', { name: 'Groups' }).getByRole('button', { name: 'Edit group Billing' }).click()
  const editGroup = page.getByRole('form', { name: 'Edit group Billing' })
  await expect(editGroup.getByLabel(`Skills of ${owner.name}`)).toHaveValue('billing, german')
  await expect(editGroup.getByRole('checkbox', { name: /^Skills first/ })).toBeChecked()
  const kept = editGroup.getByRole('group', { name: 'Skill rule 1' })
  await expect(kept.getByLabel('Skill', { exact: true })).toHaveValue('billing')
  await expect(kept.getByRole('checkbox', { name: 'Billing and payment' })).toBeChecked()
  await expect(kept.getByLabel('or tagged with any of')).toHaveValue('invoice, refund')
  await editGroup.scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'routing-skills-group-form-desktop')

  // The agent board shows who holds which skills, and that the group routes by them.
  const agent = page.getByRole('table', { name: 'Agents' }).getByRole('row', { name: new RegExp(owner.name) })
  await expect(agent.locator('[data-slot="badge"]')).toHaveText(['billing', 'german'])
  await expect(page.getByRole('list', { name: 'Group queues' })).toContainText(
    'Billing (Least loaded, skills first, cap',
  )
  // A skill learnt shows on the board as soon as the group is saved, live on a board open elsewhere too.
  const elsewhere = await page.context().newPage()
  await elsewhere.goto('/settings/workspace/members')
  const agentElsewhere = elsewhere
    .getByRole('table', { name: 'Agents' })
    .getByRole('row', { name: new RegExp(owner.name) })
  await expect(agentElsewhere.locator('[data-slot="badge"]')).toHaveText(['billing', 'german'])
  await editGroup.getByLabel(`Skills of ${owner.name}`).fill('billing, german, french')
  await editGroup.getByRole('button', { name: 'Save group' }).click()
  await expect(toast(page, 'Group saved')).toBeVisible()
  await expect(agent.locator('[data-slot="badge"]')).toHaveText(['billing', 'german', 'french'])
  await expect(agentElsewhere.locator('[data-slot="badge"]')).toHaveText(['billing', 'german', 'french'])
  await elsewhere.close()

  // A second rule no agent holds, the owner away: each waiting ticket shows what it needs and who has it.
  await page.getByRole('list', { name: 'Groups' }).getByRole('button', { name: 'Edit group Billing' }).click()
  await editGroup.getByRole('button', { name: 'Add a skill rule' }).click()
  const dutch = editGroup.getByRole('group', { name: 'Skill rule 2' })
  await dutch.getByLabel('Skill', { exact: true }).fill('dutch')
  await dutch.getByLabel('or tagged with any of').fill('nl')
  await editGroup.getByRole('button', { name: 'Save group' }).click()
  await expect(toast(page, 'Group saved')).toBeVisible()
  await agent.getByRole('button', { name: 'Available' }).click()
  await expect(agent.getByRole('button', { name: 'Away' })).toBeVisible()
  const groups = await request.get('/v1/databases/main/collections/groups/documents', {
    headers: PROJECT_HEADERS,
  })
  const billing = ((await groups.json()) as { documents: { $id: string; name: string }[] }).documents.find(
    (group) => group.name === 'Billing',
  )
  const waiting = async (subject: string, data: Record<string, unknown>) => {
    const id = await createTicketThroughApi(request, { subject, body: subject })
    const moved = await request.patch(`${TICKETS_PATH}/${id}`, {
      headers: PROJECT_HEADERS,
      data: { data: { ...data, groupId: billing?.$id } },
    })
    expect(moved.status(), await moved.text()).toBe(200)
  }
  await waiting('Invoice 2291 charged twice', { tags: ['invoice'], priority: 'high' })
  await waiting('Vraag over mijn bestelling', { tags: ['nl'], priority: 'medium' })
  await waiting('Where is my parcel?', {})

  const queue = page.getByRole('list', { name: 'Waiting in Billing' })
  await expect(page.getByRole('list', { name: 'Group queues' })).toContainText('3 tickets wait')
  const invoice = queue.getByRole('listitem').filter({ hasText: 'Invoice 2291' })
  await expect(invoice.locator('[data-slot="badge"]')).toHaveText(['billing'])
  await expect(invoice).toContainText(`Waits for ${owner.name} (away)`)
  const vraag = queue.getByRole('listitem').filter({ hasText: 'Vraag over mijn bestelling' })
  await expect(vraag.locator('[data-slot="badge"]')).toHaveText(['dutch'])
  await expect(vraag).toContainText('Nobody in the group has dutch')
  await expect(queue.getByRole('listitem').filter({ hasText: 'Where is my parcel?' })).not.toContainText(
    'Needs',
  )
  // Served in this order: high, medium, then no priority.
  await expect(queue.getByRole('listitem')).toHaveText([/Invoice 2291/, /Vraag/, /Where is my parcel/])

  for (const [viewport, name] of [
    [WIDE_DESKTOP, 'routing-agent-board-desktop'],
    [{ width: 390, height: 844 }, 'routing-agent-board-phone'],
  ] as const) {
    await page.setViewportSize(viewport)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0)
    await page.getByRole('heading', { name: 'Agent board' }).evaluate((heading) => heading.scrollIntoView())
    await saveScreenshot(page, name)
  }
})
