import { describe, expect, it } from 'vitest'
import {
  OPEN_INTERNET_ONLY,
  OutboundHostRefused,
  parseOutboundPolicy,
  refusedHost,
  resolveOutboundAddress,
} from './outbound-address'

/** A resolver that answers from a table, as DNS would. */
const dnsOf =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<{ address: string }[]> =>
    (table[host] ?? []).map((address) => ({ address }))

describe('refusedHost', () => {
  it('refuses every internal address in every form a resolver accepts, and localhost names', () => {
    const internal = [
      '127.0.0.1',
      '127.1',
      '0177.0.0.1',
      '0x7f.0.0.1',
      '2130706433',
      '0x7f000001',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '[::1]',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:169.254.169.254]',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      'localhost',
      'LOCALHOST.',
      'imap.localhost',
    ]
    for (const host of internal)
      expect({ host, refused: !!refusedHost(host, OPEN_INTERNET_ONLY) }).toEqual({ host, refused: true })
  })

  it('lets public addresses and ordinary names through, and what the setting allows', () => {
    for (const host of [
      'imap.gmail.com',
      '8.8.8.8',
      '2a00:1450:4001:82b::200e',
      '[2606:4700::1111]',
      '::ffff:8.8.8.8',
    ]) {
      expect(refusedHost(host, OPEN_INTERNET_ONLY)).toBeUndefined()
    }
    const policy = parseOutboundPolicy('mail.lan, 10.0.0.0/8, 127.0.0.1')
    expect(refusedHost('10.9.8.7', policy)).toBeUndefined()
    expect(refusedHost('127.0.0.1', policy)).toBeUndefined()
    expect(refusedHost('127.0.0.2', policy)).toBeDefined()
    expect(refusedHost('192.168.0.1', policy)).toBeDefined()
  })
})

describe('resolveOutboundAddress', () => {
  const lookup = dnsOf({
    'imap.example.com': ['93.184.215.14'],
    'rebind.example.com': ['93.184.215.14', '127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:10.0.0.1'],
    'mail.lan': ['192.168.1.20'],
  })

  it('answers the one public address it checked, so the caller connects to nothing else', async () => {
    expect(await resolveOutboundAddress('imap.example.com', OPEN_INTERNET_ONLY, lookup)).toBe('93.184.215.14')
    expect(await resolveOutboundAddress('8.8.8.8', OPEN_INTERNET_ONLY, lookup)).toBe('8.8.8.8')
  })

  it('refuses a name with any internal address among its addresses', async () => {
    for (const host of ['rebind.example.com', 'metadata.example.com', 'mapped.example.com', 'mail.lan']) {
      await expect(resolveOutboundAddress(host, OPEN_INTERNET_ONLY, lookup)).rejects.toThrow(
        OutboundHostRefused,
      )
    }
    await expect(resolveOutboundAddress('nowhere.example.com', OPEN_INTERNET_ONLY, lookup)).rejects.toThrow(
      'has no address',
    )
  })

  it('lets a self-hoster reach the internal host the setting names', async () => {
    expect(await resolveOutboundAddress('mail.lan', parseOutboundPolicy('mail.lan'), lookup)).toBe(
      '192.168.1.20',
    )
    expect(await resolveOutboundAddress('mail.lan', parseOutboundPolicy('192.168.1.0/24'), lookup)).toBe(
      '192.168.1.20',
    )
  })

  it('refuses localhost as the real resolver answers it', async () => {
    await expect(resolveOutboundAddress('localhost', OPEN_INTERNET_ONLY)).rejects.toThrow(OutboundHostRefused)
  })
})
