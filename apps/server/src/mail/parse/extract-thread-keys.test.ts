import { describe, expect, it } from 'vitest'
import { extractThreadKeys, extractTicketTag, normaliseSubject } from './extract-thread-keys'

describe('normaliseSubject', () => {
  it.each([
    ['Re: Printer on fire', 'Printer on fire'],
    ['RE: Fwd: AW: SV: TR: WG: Printer on fire', 'Printer on fire'],
    ['Re[2]: Printer on fire', 'Printer on fire'],
    ['Re: [#t-42] Printer on fire', 'Printer on fire'],
    ['[#t-42] Re:   Printer   on fire  ', 'Printer on fire'],
    ['回复：打印机着火了', '打印机着火了'],
    ['Printer on fire', 'Printer on fire'],
    ['Regarding the printer', 'Regarding the printer'],
    ['', ''],
  ])('%j becomes %j', (subject, expected) => {
    expect(normaliseSubject(subject)).toBe(expected)
  })
})

describe('extractTicketTag', () => {
  it('finds the ticket id inside [#...] and nothing else', () => {
    expect(extractTicketTag('Re: [#6789abc.def_01-x] Printer')).toBe('6789abc.def_01-x')
    expect(extractTicketTag('Printer [#42]')).toBe('42')
    expect(extractTicketTag('Printer [42]')).toBeNull()
    expect(extractTicketTag('Printer [#has space]')).toBeNull()
    expect(extractTicketTag(`Printer [#${'a'.repeat(37)}]`)).toBeNull()
  })
})

describe('extractThreadKeys', () => {
  it('carries the ids and the subject tag', () => {
    const keys = extractThreadKeys({
      messageId: 'b@example.com',
      inReplyTo: 'a@example.com',
      references: ['root@example.com', 'a@example.com'],
      subject: 'Re: [#t42] Printer',
    })
    expect(keys).toEqual({
      messageId: 'b@example.com',
      inReplyTo: 'a@example.com',
      references: ['root@example.com', 'a@example.com'],
      ticketTag: 't42',
    })
  })
})
