import { ImapMessages } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { emptyImapAccountForm, portForTls, toImapAccountCreate, ZImapAccountForm } from './imap-form'

const filled = {
  ...emptyImapAccountForm,
  host: 'imap.example.com',
  username: 'support@example.com',
  password: 'secret',
}

function messagesOf(values: object): string[] {
  const result = ZImapAccountForm.safeParse(values)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('ZImapAccountForm', () => {
  it('accepts a filled form and turns it into the account the server takes', () => {
    const values = ZImapAccountForm.parse({ ...filled, port: ' 993 ', moveTo: ' Parsed ' })
    expect(toImapAccountCreate(values)).toEqual({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      username: 'support@example.com',
      password: 'secret',
      moveTo: 'Parsed',
      enabled: true,
    })
  })

  it('leaves mail in place when no move-to folder is given', () => {
    expect(toImapAccountCreate({ ...filled, moveTo: '   ' }).moveTo).toBeNull()
  })

  it('names each field that is wrong, with the shared messages', () => {
    expect(messagesOf({ ...filled, host: 'not a host' })).toEqual([ImapMessages.hostInvalid])
    expect(messagesOf({ ...filled, port: '99999' })).toEqual([ImapMessages.portInvalid])
    expect(messagesOf({ ...filled, port: 'abc' })).toEqual([ImapMessages.portInvalid])
    expect(messagesOf({ ...filled, port: '0' })).toEqual([ImapMessages.portInvalid])
    expect(messagesOf({ ...filled, port: '65536' })).toEqual([ImapMessages.portInvalid])
    expect(messagesOf({ ...filled, username: '' })).toEqual([ImapMessages.usernameRequired])
    expect(messagesOf({ ...filled, password: '' })).toEqual([ImapMessages.passwordRequired])
    expect(messagesOf({ ...filled, moveTo: 'x'.repeat(201) })).toEqual([ImapMessages.folderInvalid])
  })
})

describe('portForTls', () => {
  it('follows the TLS box while the port is the other mode’s default', () => {
    expect(portForTls({ port: '993', secure: false })).toBe('143')
    expect(portForTls({ port: '143', secure: true })).toBe('993')
  })

  it('keeps a port the user chose', () => {
    expect(portForTls({ port: '1993', secure: false })).toBe('1993')
    expect(portForTls({ port: '2143', secure: true })).toBe('2143')
  })
})
