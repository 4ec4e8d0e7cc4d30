import { describe, expect, it } from 'vitest'
import { canonicalRecipient, generateMailboxAddress, slugifyMailboxName } from './mailbox-address'

describe('parsing addresses', () => {
  it('names the address after the account, readable in any script it can fold', () => {
    expect(slugifyMailboxName({ name: 'Zoë  Ünal-Smith', email: 'z@x.example' })).toBe('zoe-unal-smith')
    expect(slugifyMailboxName({ name: '', email: 'Jean.Dupont+work@x.example' })).toBe('jean-dupont-work')
    expect(slugifyMailboxName({ name: '山田', email: '山田@x.example' })).toBe('inbox')
    expect(slugifyMailboxName({ name: `${'a'.repeat(29)} b`, email: 'x@x' })).toBe('a'.repeat(29))
  })

  it('draws a different unguessable part each time', () => {
    const options = { name: 'Ada', email: 'ada@x.example', domain: 'in.example' }
    const addresses = new Set(Array.from({ length: 200 }, () => generateMailboxAddress(options)))
    expect(addresses.size).toBe(200)
    for (const address of addresses) expect(address).toMatch(/^ada-[a-hjkmnp-z2-9]{10}@in\.example$/)
  })

  it('matches recipients without case and without a +tag', () => {
    expect(canonicalRecipient(' Ada-K7M2Q9XV4P+Billing@IN.example ')).toBe('ada-k7m2q9xv4p@in.example')
  })
})
