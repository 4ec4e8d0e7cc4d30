import { describe, expect, it } from 'vitest'
import { createReturnPath } from './return-path'

const MAIL_ID = '6b09f511002e2f723447'

describe('a reply’s return path', () => {
  const ours = createReturnPath({ secretKey: Buffer.alloc(32, 1), domain: 'Inbound.Example' })

  it('names the mail with a MAC, in a local part under 64 characters, and reads it back in any case', () => {
    const address = ours.addressOf(MAIL_ID)
    expect(address).toMatch(/^bounces\+6b09f511002e2f723447\.[0-9a-f]{20}@inbound\.example$/)
    expect(address.split('@')[0]?.length).toBeLessThan(64)
    expect(ours.mailIdAt(address)).toBe(MAIL_ID)
    expect(ours.mailIdAt(` ${address.toUpperCase()} `)).toBe(MAIL_ID)
  })

  it('refuses a MAC made with another key, for another mail, cut short or missing', () => {
    const theirs = createReturnPath({ secretKey: Buffer.alloc(32, 2), domain: 'inbound.example' })
    const [local = '', domain] = ours.addressOf(MAIL_ID).split('@')
    const mac = local.split('.')[1] ?? ''
    for (const forged of [
      theirs.addressOf(MAIL_ID),
      `bounces+6b09f511002e2f723448.${mac}@${domain}`,
      `${local.slice(0, -1)}@${domain}`,
      `bounces+${MAIL_ID}@${domain}`,
      `bounces+${MAIL_ID}.${mac}.x@${domain}`,
    ]) {
      expect({ forged, mailId: ours.mailIdAt(forged) }).toEqual({ forged, mailId: null })
    }
  })

  it('leaves every other address to the parsing addresses: another local part or another domain', () => {
    expect(ours.mailIdAt('ada-k7m2q9xv4p@inbound.example')).toBeUndefined()
    expect(ours.mailIdAt('bounces@inbound.example')).toBeUndefined()
    expect(
      ours.mailIdAt(ours.addressOf(MAIL_ID).replace('@inbound.example', '@other.example')),
    ).toBeUndefined()
  })
})
