import { AccountTokenLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { AccountLinkParam, describeLifetime, readAccountLink } from './account-link'

const query = (fields: Record<string, string>) => new URLSearchParams(fields)
const secret = 'a'.repeat(64)

describe('readAccountLink', () => {
  it('finds no link in an empty query, so /recovery asks for an address', () => {
    expect(readAccountLink(query({}))).toEqual({ kind: 'none' })
    expect(readAccountLink(query({ [AccountLinkParam.userId]: ' ', [AccountLinkParam.secret]: '' }))).toEqual(
      {
        kind: 'none',
      },
    )
  })

  it('reads the fields the server appends, trimmed, and ignores the expiry', () => {
    const link = readAccountLink(
      query({ userId: ' 65f1c2a0b3d4e5f6a7b8 ', secret, expire: '2026-11-24T12:00:00.000+00:00' }),
    )
    expect(link).toEqual({ kind: 'link', userId: '65f1c2a0b3d4e5f6a7b8', secret })
  })

  it('reads a link whose query was written back by a mail client (encoded, reordered, extra fields)', () => {
    const search = new URLSearchParams(`utm_source=mail&secret=${secret}&userId=abc_123-x.y`)
    expect(readAccountLink(search)).toEqual({ kind: 'link', userId: 'abc_123-x.y', secret })
  })

  it('calls a link cut short or mangled broken rather than sending it', () => {
    expect(readAccountLink(query({ userId: 'abc' }))).toEqual({ kind: 'broken' })
    expect(readAccountLink(query({ secret }))).toEqual({ kind: 'broken' })
    expect(readAccountLink(query({ userId: '-abc', secret }))).toEqual({ kind: 'broken' })
    expect(readAccountLink(query({ userId: 'a'.repeat(37), secret }))).toEqual({ kind: 'broken' })
    expect(readAccountLink(query({ userId: 'abc', secret: 's'.repeat(257) }))).toEqual({ kind: 'broken' })
  })
})

describe('describeLifetime', () => {
  it('says the contracts’ lifetimes in words', () => {
    expect(describeLifetime({ minutes: AccountTokenLimits.recoveryMinutes })).toBe('1 hour')
    expect(describeLifetime({ days: AccountTokenLimits.verificationDays })).toBe('7 days')
    expect(describeLifetime({ minutes: 120 })).toBe('2 hours')
    expect(describeLifetime({ minutes: 90 })).toBe('90 minutes')
    expect(describeLifetime({ days: 1 })).toBe('1 day')
  })
})
