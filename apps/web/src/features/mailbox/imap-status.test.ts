import { describe, expect, it } from 'vitest'
import { IMAP_REFRESH_MS, imapRefreshInterval, imapStatusTone } from './imap-status'

describe('imapStatusTone', () => {
  it('shows trouble in red, a live connection in green and an unknown status in gray', () => {
    expect(imapStatusTone('error')).toBe('red')
    expect(imapStatusTone('connected')).toBe('green')
    expect(imapStatusTone('connecting')).toBe('blue')
    expect(imapStatusTone('disabled')).toBe('gray')
    expect(imapStatusTone('something-new')).toBe('gray')
  })
})

describe('imapRefreshInterval', () => {
  it('checks often while an account is connecting, rarely otherwise', () => {
    expect(imapRefreshInterval([{ status: 'connected' }, { status: 'connecting' }])).toBe(
      IMAP_REFRESH_MS.settling,
    )
    expect(imapRefreshInterval([{ status: 'error' }])).toBe(IMAP_REFRESH_MS.steady)
    expect(imapRefreshInterval(undefined)).toBe(IMAP_REFRESH_MS.steady)
  })
})
