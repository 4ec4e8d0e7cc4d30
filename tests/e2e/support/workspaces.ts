import { OutboxMessages, type TTeamRole } from '@parsedesk/contracts'
import { expect, type Page } from '@playwright/test'
import { isAt, type TPerson, toast } from './app'

/** The name the server gives a new account's own workspace. */
export const workspaceOf = (person: TPerson) => `${person.name}'s workspace`

/**
 * Invites `email` from the settings' Members and groups; resolves with the link read from the outbox card
 * under Mailboxes and sending (no relay in these tests: the mail stays unsent, and its card offers the link
 * to hand over by hand).
 */
export async function invite(page: Page, email: string, role: TTeamRole): Promise<string> {
  await page.goto('/settings/workspace/members')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Role', { exact: true }).selectOption(role)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Open invitations' }).getByText(email, { exact: true }),
  ).toBeVisible()
  await page.goto('/settings/workspace/mail')
  const mail = page.getByRole('list', { name: 'Outbox' }).getByRole('listitem').filter({ hasText: email })
  await expect(mail.getByTestId('mail-state')).toHaveText('not sent')
  await expect(mail.getByText(OutboxMessages.noRelay)).toBeVisible()
  const link = (await mail.getByTestId('invitation-link').textContent()) ?? ''
  expect(new URL(link).pathname).toBe('/invite')
  return link
}

/**
 * From an invitation page opened signed out: the one-step form, the invited address already filled in,
 * "Join <workspace>", and on /tickets in that workspace.
 */
export async function signUpFromInvitation(page: Page, person: TPerson) {
  await expect(page.getByLabel('Email Address')).toHaveValue(person.email)
  await page.getByLabel('Full Name').fill(person.name)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByLabel('Confirm Password').fill(person.password)
  await page.getByRole('button', { name: /^Join / }).click()
  await expect(page).toHaveURL(isAt('/tickets'))
}

/** Opens the invitation `link` in a signed-in browser and joins with its one button; lands on /tickets. */
export async function acceptInvitation(page: Page, link: string) {
  await page.goto(link)
  await page.getByRole('button', { name: /^Join / }).click()
  await expect(page).toHaveURL(isAt('/tickets'))
}
