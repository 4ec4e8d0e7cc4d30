import { describe, expect, it } from 'vitest'
import { AuthMode, readAuthMode, readReturnPath, SIGN_UP_PATH } from './auth-links'

const search = (query: string) => new URLSearchParams(query)

describe('readReturnPath', () => {
  it('comes back to the invitation page with its whole query', () => {
    const invite = '/invite?membershipId=m1&userId=&secret=abc&teamId=t1&teamName=Acme+%26+Co'
    expect(readReturnPath(search(`next=${encodeURIComponent(invite)}`))).toBe(invite)
  })

  it('goes to the dashboard when there is no next, or it is not a page it may return to', () => {
    expect(readReturnPath(search(''))).toBeNull()
    expect(readReturnPath(search('next=/tickets'))).toBeNull()
    expect(readReturnPath(search('next=/settings/workspace'))).toBeNull()
    expect(readReturnPath(search('next=invite'))).toBeNull()
  })

  it('never leaves the site', () => {
    for (const next of [
      '//evil.example/invite',
      '/\\evil.example/invite',
      'https://evil.example/invite',
      'javascript:alert(1)//invite',
      '/%2F%2Fevil.example/invite',
    ]) {
      expect(readReturnPath(search(`next=${encodeURIComponent(next)}`)), next).toBeNull()
    }
  })
})

describe('readAuthMode', () => {
  it('is what "Start Free Trial" links to: sign-up', () => {
    expect(readAuthMode(new URL(SIGN_UP_PATH, 'http://localhost').searchParams)).toBe(AuthMode.signUp)
  })

  it('opens in sign-in unless sign-up is asked for', () => {
    expect(readAuthMode(search(''))).toBe(AuthMode.signIn)
    expect(readAuthMode(search('mode=other'))).toBe(AuthMode.signIn)
    expect(readAuthMode(search('mode=sign-up'))).toBe(AuthMode.signUp)
  })
})
