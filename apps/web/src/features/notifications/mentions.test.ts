import { describe, expect, it } from 'vitest'
import { matchMembers, mentionNameOf, mentionQueryOf } from './mentions'

const member = (userName: string, userEmail: string, confirm = true) => ({
  userName,
  userEmail,
  confirm,
  userId: userEmail,
})

describe('mentions in a note', () => {
  it('reads the name typed after an @ that starts a word, and nothing elsewhere', () => {
    expect(mentionQueryOf('Please ask @gra')).toBe('gra')
    expect(mentionQueryOf('@')).toBe('')
    expect(mentionQueryOf('(@ada')).toBe('ada')
    expect(mentionQueryOf('mail ada@example.com')).toBeNull()
    expect(mentionQueryOf('@grace hopper')).toBeNull()
    expect(mentionQueryOf('no mention')).toBeNull()
  })

  it('offers confirmed members by any word of their name or their address', () => {
    const members = [
      member('Grace Hopper', 'grace@acme.example'),
      member('Ada Lovelace', 'ada@acme.example'),
      member('Invited Person', 'hopper2@acme.example', false),
    ]
    expect(matchMembers(members, 'hop').map((m) => m.userName)).toEqual(['Grace Hopper'])
    expect(matchMembers(members, 'ADA').map((m) => m.userName)).toEqual(['Ada Lovelace'])
    expect(matchMembers(members, '')).toHaveLength(2)
  })

  it('writes a member by name, or by the address’s local part when they have none', () => {
    expect(mentionNameOf(member('Grace Hopper', 'grace@acme.example'))).toBe('Grace Hopper')
    expect(mentionNameOf(member('', 'hal.agent@acme.example'))).toBe('hal.agent')
  })
})
