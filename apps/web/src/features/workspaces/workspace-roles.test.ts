import { TEAM_ROLES, TeamRole } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  assignableRoles,
  canManage,
  canManageMail,
  effectiveRole,
  mayManageMember,
  ROLE_LABELS,
} from './workspace-roles'

const { owner, admin, agent } = TeamRole

describe('effectiveRole', () => {
  it('acts with the strongest role held, and as an agent with none of ours', () => {
    expect(effectiveRole([agent, owner])).toBe(owner)
    expect(effectiveRole([admin, agent])).toBe(admin)
    expect(effectiveRole([agent])).toBe(agent)
    expect(effectiveRole(['billing'])).toBe(agent)
  })
})

describe('what each role may do (decision 009)', () => {
  it('lets owners and admins run the workspace, not agents', () => {
    expect(TEAM_ROLES.filter(canManage)).toEqual([owner, admin])
    expect(canManage(undefined)).toBe(false)
  })

  it('lets owners and admins manage where mail comes from, and says nothing while the role loads', () => {
    expect(TEAM_ROLES.map(canManageMail)).toEqual([true, true, false])
    expect(canManageMail(undefined)).toBeUndefined()
  })

  it('lets only owners make owners', () => {
    expect(assignableRoles(owner)).toEqual([owner, admin, agent])
    expect(assignableRoles(admin)).toEqual([admin, agent])
    expect(assignableRoles(agent)).toEqual([])
  })

  it('lets only owners touch owners, and agents touch no one', () => {
    expect(TEAM_ROLES.map((target) => mayManageMember(owner, target))).toEqual([true, true, true])
    expect(TEAM_ROLES.map((target) => mayManageMember(admin, target))).toEqual([false, true, true])
    expect(TEAM_ROLES.map((target) => mayManageMember(agent, target))).toEqual([false, false, false])
  })

  it('names every role', () => {
    for (const role of TEAM_ROLES) expect(ROLE_LABELS[role]).toBeTruthy()
  })
})
