import { describe, expect, it } from 'vitest'
import { readSender } from './read-sender'

const mail = (head: string) =>
  Buffer.from(`${head}\r\nSubject: hi\r\n\r\nFrom: body@not-a-header.example\r\n`)

describe('the sender a delivery is counted under', () => {
  it('is the From header’s address, in lower case, however the sender wrote it', () => {
    expect(readSender(mail('From: "Ada, L." <Ada.Lovelace@Example.COM>'), 'bounce@relay.example')).toBe(
      'ada.lovelace@example.com',
    )
    expect(readSender(mail('from:\r\n  =?UTF-8?B?w4lsb2RpZQ==?= <elodie@example.fr>'))).toBe(
      'elodie@example.fr',
    )
    expect(readSender(mail('From: team: grace@example.org, alan@example.org;'))).toBe('grace@example.org')
  })

  it('is the first From header’s, as the ticket’s requester is, when a message has two', () => {
    expect(readSender(mail('From: first@example.com\r\nFrom: second@example.com'))).toBe('first@example.com')
  })

  it('falls back to the envelope sender when no From header names an address, and is empty without either', () => {
    expect(readSender(mail('To: support@example.com'), '<Relay@Example.net>')).toBe('relay@example.net')
    expect(readSender(mail('From: undisclosed'), 'mta@example.net')).toBe('mta@example.net')
    expect(readSender(mail('To: support@example.com'), '')).toBe('')
  })

  it('never reads a From line of the body', () => {
    expect(readSender(mail('To: support@example.com'))).toBe('')
  })
})
