import { TeamLimits, TeamMessages, TeamRole, ZTeamUpdate } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { ZInviteForm, ZWorkspaceNameForm } from './workspace-forms'
import { WorkspaceFormErrors } from './workspace-messages'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('ZWorkspaceNameForm', () => {
  it('takes what the server takes, trimmed', () => {
    const parsed = ZWorkspaceNameForm.parse({ name: '  Acme support ' })
    expect(parsed).toEqual({ name: 'Acme support' })
    expect(ZTeamUpdate.safeParse(parsed).success).toBe(true)
  })

  it('says what is wrong with a blank or too long name', () => {
    expect(firstMessage(ZWorkspaceNameForm.safeParse({ name: '   ' }))).toBe(WorkspaceFormErrors.nameRequired)
    const long = 'n'.repeat(TeamLimits.name + 1)
    expect(firstMessage(ZWorkspaceNameForm.safeParse({ name: long }))).toBe(WorkspaceFormErrors.nameTooLong)
    expect(ZWorkspaceNameForm.safeParse({ name: 'n'.repeat(TeamLimits.name) }).success).toBe(true)
  })
})

describe('ZInviteForm', () => {
  it('takes an address, trimmed and lower-cased, and one of our roles', () => {
    expect(ZInviteForm.parse({ email: ' Grace@Example.COM ', role: TeamRole.admin })).toEqual({
      email: 'grace@example.com',
      role: TeamRole.admin,
    })
  })

  it('asks for an address, then a valid one, with the messages the server would give', () => {
    expect(firstMessage(ZInviteForm.safeParse({ email: ' ', role: TeamRole.agent }))).toBe(
      TeamMessages.invitationNeedsAddress,
    )
    expect(firstMessage(ZInviteForm.safeParse({ email: 'grace@', role: TeamRole.agent }))).toBe(
      WorkspaceFormErrors.emailInvalid,
    )
    expect(firstMessage(ZInviteForm.safeParse({ email: 'grace@example.com', role: 'billing' }))).toBe(
      WorkspaceFormErrors.roleInvalid,
    )
  })
})
