import { OutboxMessages, TeamLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  findInvitationLink,
  invitationExpiresAt,
  invitationPath,
  readInvitation,
  type TInvitation,
} from './invitation-link'

const SECRET = 'a'.repeat(64)
const invitation: TInvitation = {
  membershipId: 'm1a2b3',
  userId: '',
  secret: SECRET,
  teamId: 't9x8',
  teamName: 'Acme & "Co" support',
  email: 'ivy+support@example.com',
}

/** What the server appends to the page's address (team-service.ts, invitationLink). */
function serverLink(origin: string, fields: TInvitation): string {
  const link = new URL(`${origin}/invite`)
  for (const [name, value] of Object.entries(fields)) link.searchParams.set(name, value)
  return link.toString()
}

describe('readInvitation', () => {
  it('reads the ids, the secret, the workspace name and the invited address of the link', () => {
    const url = new URL(serverLink('http://localhost:3000', invitation))
    expect(readInvitation(url.searchParams)).toEqual(invitation)
  })

  it('keeps the invited account when the address had one', () => {
    const url = new URL(serverLink('http://localhost:3000', { ...invitation, userId: 'u77' }))
    expect(readInvitation(url.searchParams)?.userId).toBe('u77')
  })

  it('does without the workspace name and the address, which only serve to say who invites and fill in', () => {
    const search = new URLSearchParams({ membershipId: 'm1', secret: SECRET, teamId: 't1' })
    expect(readInvitation(search)).toEqual({
      membershipId: 'm1',
      userId: '',
      secret: SECRET,
      teamId: 't1',
      teamName: '',
      email: '',
    })
  })

  it('refuses a link cut short or mangled', () => {
    const full = { membershipId: 'm1', secret: SECRET, teamId: 't1' }
    for (const name of ['membershipId', 'secret', 'teamId'] as const) {
      const search = new URLSearchParams({ ...full, [name]: '' })
      expect(readInvitation(search), name).toBeNull()
    }
    expect(readInvitation(new URLSearchParams({ ...full, teamId: '../t1' }))).toBeNull()
    expect(readInvitation(new URLSearchParams({ ...full, userId: 'x'.repeat(37) }))).toBeNull()
    expect(readInvitation(new URLSearchParams({ ...full, secret: 's'.repeat(257) }))).toBeNull()
  })

  it('cuts a workspace name to the longest a workspace may have', () => {
    const search = new URLSearchParams({
      membershipId: 'm1',
      secret: SECRET,
      teamId: 't1',
      teamName: 'n'.repeat(500),
    })
    expect(readInvitation(search)?.teamName).toHaveLength(TeamLimits.name)
  })
})

describe('invitationPath', () => {
  it('leads back to the same invitation', () => {
    const path = invitationPath(invitation)
    const url = new URL(path, 'http://localhost')
    expect(url.pathname).toBe('/invite')
    expect(readInvitation(url.searchParams)).toEqual(invitation)
  })
})

describe('findInvitationLink', () => {
  const link = serverLink('https://desk.example.com', invitation)
  // The words of an invitation mail (teams/invitation-mail.ts).
  const text = [
    'Hello,',
    '',
    'Ada Lovelace invited you to join the workspace "Acme & "Co" support" on Parsedesk as agent.',
    '',
    'Accept the invitation:',
    link,
    '',
    'The link works once, until 2026-12-01 10:00 UTC. If you did not expect this invitation, ignore this email.',
    '',
  ].join('\n')

  it('finds the link in the mail, exactly as sent, with the invitation it holds', () => {
    expect(findInvitationLink(text)).toEqual({ href: link, invitation })
  })

  it('passes over other links and finds none where there is none', () => {
    const other = `See https://desk.example.com/tickets?x=1 and https://example.com/invite first.\n${text}`
    expect(findInvitationLink(other)?.href).toBe(link)
    expect(findInvitationLink('Hello, nothing here.')).toBeNull()
    expect(findInvitationLink(OutboxMessages.noRelay)).toBeNull()
    expect(findInvitationLink('https://desk.example.com/invite?membershipId=m1')).toBeNull()
  })
})

describe('invitationExpiresAt', () => {
  it('is the invitation days after it was sent', () => {
    expect(invitationExpiresAt('2026-11-01T10:00:00.000Z').toISOString()).toBe(
      new Date(Date.UTC(2026, 10, 1 + TeamLimits.invitationDays, 10)).toISOString(),
    )
  })
})
