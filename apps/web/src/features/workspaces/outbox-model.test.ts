import { OUTBOUND_MAIL_STATES, OutboundMailState, TeamRole } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import {
  isUndelivered,
  isWorkspaceMail,
  MAIL_STATE_LABELS,
  MAIL_STATE_TONES,
  outboxRefreshInterval,
} from './outbox-model'

const managers = (teamId: string) => [
  `read("team:${teamId}/${TeamRole.owner}")`,
  `read("team:${teamId}/${TeamRole.admin}")`,
]

describe('isWorkspaceMail', () => {
  it("takes the mail the workspace's roles may read", () => {
    expect(isWorkspaceMail({ $permissions: managers('t1') }, 't1')).toBe(true)
    expect(isWorkspaceMail({ $permissions: ['read("team:t1")'] }, 't1')).toBe(true)
  })

  it("leaves out another workspace's mail, one's own, and a workspace whose id only starts the same", () => {
    expect(isWorkspaceMail({ $permissions: managers('t2') }, 't1')).toBe(false)
    expect(isWorkspaceMail({ $permissions: managers('t10') }, 't1')).toBe(false)
    expect(isWorkspaceMail({ $permissions: ['read("user:u1")'] }, 't1')).toBe(false)
    expect(isWorkspaceMail({ $permissions: ['update("team:t1/owner")'] }, 't1')).toBe(false)
    expect(isWorkspaceMail({ $permissions: [] }, 't1')).toBe(false)
  })
})

describe('mail states', () => {
  it('has a label and a tone for every state', () => {
    for (const state of OUTBOUND_MAIL_STATES) {
      expect(MAIL_STATE_LABELS[state]).toBeTruthy()
      expect(MAIL_STATE_TONES[state]).toBeTruthy()
    }
  })

  it('offers the link by hand for every mail not sent', () => {
    expect(OUTBOUND_MAIL_STATES.filter(isUndelivered)).toEqual([
      OutboundMailState.queued,
      OutboundMailState.sending,
      OutboundMailState.failed,
      OutboundMailState.notSent,
    ])
  })

  it('reads the outbox again soon only while a mail is on its way', () => {
    const busy = outboxRefreshInterval([
      { state: OutboundMailState.sent },
      { state: OutboundMailState.queued },
    ])
    const idle = outboxRefreshInterval([
      { state: OutboundMailState.sent },
      { state: OutboundMailState.notSent },
    ])
    expect(busy).toBeLessThan(idle)
    expect(outboxRefreshInterval(undefined)).toBe(idle)
  })
})
