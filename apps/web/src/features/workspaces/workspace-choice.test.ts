import { TeamLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { chosenWorkspaceKey, pickCurrentWorkspace, TEAMS_PAGE } from './workspace-choice'

const own = { $id: 'own', name: "Ada's workspace" }
const acme = { $id: 'acme', name: 'Acme support' }

describe('pickCurrentWorkspace', () => {
  it('takes the workspace chosen last when the user still belongs to it', () => {
    expect(pickCurrentWorkspace([own, acme], 'acme')).toBe(acme)
  })

  it('defaults to the first: nothing chosen yet, or the chosen one was left or removed', () => {
    expect(pickCurrentWorkspace([own, acme], null)).toBe(own)
    expect(pickCurrentWorkspace([own, acme], 'gone')).toBe(own)
  })

  it('has none while the list loads or is empty', () => {
    expect(pickCurrentWorkspace(undefined, 'acme')).toBeUndefined()
    expect(pickCurrentWorkspace([], 'acme')).toBeUndefined()
  })
})

describe('chosenWorkspaceKey', () => {
  it('keeps one choice per account on a shared browser', () => {
    expect(chosenWorkspaceKey('u1')).not.toBe(chosenWorkspaceKey('u2'))
  })
})

describe('TEAMS_PAGE', () => {
  it("holds all of anyone's workspaces in one page", () => {
    expect(TEAMS_PAGE).toBeGreaterThanOrEqual(TeamLimits.workspacesPerUser)
  })
})
