import { ErrorType, GroupMessages } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { GUEST, type TAuth } from '../accounts/auth-context'
import { isManager, isMember, requireManager, requireMember, requireUser } from './workspace-access'

/** A signed-in user holding `roles`: only the roles matter to these checks. */
function userWith(roles: string[]): TAuth {
  return { kind: 'user', user: { id: 'ada' }, session: { id: 's1' }, roles } as unknown as TAuth
}

const member = userWith(['users', 'user:ada', 'team:w1', 'team:w1/agent'])
const admin = userWith(['users', 'user:ada', 'team:w1', 'team:w1/admin'])
const owner = userWith(['users', 'user:ada', 'team:w1', 'team:w1/owner'])
const outsider = userWith(['users', 'user:ada', 'team:w2', 'team:w2/owner'])

/** What a check throws: its Appwrite type and message, or undefined when it lets the caller through. */
function refusal(check: () => unknown): { type: string; message: string } | undefined {
  try {
    check()
    return undefined
  } catch (error) {
    const { type, message } = error as { type: string; message: string }
    return { type, message }
  }
}

describe('workspace access', () => {
  it('tells members and managers from the roles a request holds', () => {
    expect([isMember(member, 'w1'), isManager(member, 'w1')]).toEqual([true, false])
    expect([isManager(admin, 'w1'), isManager(owner, 'w1'), isManager(outsider, 'w1')]).toEqual([
      true,
      true,
      false,
    ])
    // A role of another workspace never counts: `team:w10` is not `team:w1`.
    expect(isMember(userWith(['team:w10']), 'w1')).toBe(false)
  })

  it('refuses a guest without a reason, and lets a signed-in user through', () => {
    expect(refusal(() => requireUser(GUEST))).toEqual({
      type: ErrorType.userUnauthorized,
      message: 'The current user is not authorized to perform the requested action.',
    })
    expect(requireUser(member)).toBe(member)
  })

  it('refuses a non-member with the workspace named, and a guest as requireUser does', () => {
    expect(refusal(() => requireMember(outsider, 'w1'))).toEqual({
      type: ErrorType.userUnauthorized,
      message: 'You are not a member of workspace "w1"',
    })
    expect(refusal(() => requireMember(GUEST, 'w1'))?.message).toBe(
      'The current user is not authorized to perform the requested action.',
    )
    expect(requireMember(member, 'w1')).toBe(member)
  })

  it("refuses agents, outsiders and guests with the resource's own message", () => {
    for (const caller of [member, outsider, GUEST]) {
      expect(refusal(() => requireManager(caller, 'w1', GroupMessages.managersOnly))).toEqual({
        type: ErrorType.userUnauthorized,
        message: GroupMessages.managersOnly,
      })
    }
    expect(requireManager(admin, 'w1', GroupMessages.managersOnly)).toBe(admin)
    expect(requireManager(owner, 'w1', GroupMessages.managersOnly)).toBe(owner)
  })
})
