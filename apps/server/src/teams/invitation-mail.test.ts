import { describe, expect, it } from 'vitest'
import { composeInvitation, unlinkable } from './invitation-mail'

describe('an invitation mail', () => {
  const mail = composeInvitation({
    teamName: 'Cheap pills at www.pills.example',
    inviterName: 'Prize desk <prizes@win.example>',
    roles: ['agent'],
    link: 'https://desk.example.com/invite?x=1',
    expiresAt: new Date('2026-12-01T10:00:00Z'),
  })

  it('keeps the inviter’s and the workspace’s words out of the subject', () => {
    expect(mail.subject).toBe('You are invited to a workspace on Parsedesk')
  })

  it('quotes their names with nothing a mail program would link; our link is the only one', () => {
    expect(mail.text).toContain(
      '"Prize desk <prizes[at]win[.]example>" invited you to join the workspace "Cheap pills at www[.]pills[.]example"',
    )
    expect(mail.text.match(/https?:\/\/\S+|\w\.\w{2}/g)).toEqual(['https://desk.example.com/invite?x=1'])
  })

  it('leaves ordinary names as they are', () => {
    expect(unlinkable('J.R.R. Tolkien')).toBe('J.R.R. Tolkien')
    expect(unlinkable('Acme Inc. support')).toBe('Acme Inc. support')
    expect(unlinkable('See https://evil.example/x')).toBe('See https[:]//evil[.]example/x')
  })
})
