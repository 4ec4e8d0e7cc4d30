import { describe, expect, it } from 'vitest'
import { clientNetwork } from './client-network'

describe('clientNetwork', () => {
  it('keeps an IPv4 address, and an IPv4-mapped one as IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const one = clientNetwork('2001:db8:abcd:12::1')
    expect(one).toBe('2001:db8:abcd:12::/64')
    expect(clientNetwork('2001:0DB8:abcd:0012:ffff:ffff:ffff:fffe')).toBe(one)
    expect(clientNetwork('2001:db8:abcd:12:1234::')).toBe(one)
    expect(clientNetwork('2001:db8:abcd:13::1')).not.toBe(one)
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64')
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('leaves anything else as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown')
  })
})
