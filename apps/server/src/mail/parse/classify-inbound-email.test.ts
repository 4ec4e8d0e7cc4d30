import { describe, expect, it } from 'vitest'
import { classifyInboundEmail, type TClassifyInboundEmailInput } from './classify-inbound-email'

function message(
  overrides: Partial<TClassifyInboundEmailInput> & { extraHeaders?: [string, string][] } = {},
) {
  const { extraHeaders = [], ...rest } = overrides
  return {
    headers: [
      { Name: 'From', Value: 'Ann <ann@example.com>' },
      { Name: 'Content-Type', Value: 'text/plain; charset=utf-8' },
      ...extraHeaders.map(([Name, Value]) => ({ Name, Value })),
    ],
    from: { address: 'ann@example.com', name: 'Ann' },
    subject: 'My printer is on fire',
    attachments: [],
    ...rest,
  }
}

describe('classifyInboundEmail', () => {
  it('lets an ordinary customer message open a ticket', () => {
    expect(classifyInboundEmail(message()).kind).toBe('ticket')
    expect(classifyInboundEmail(message({ extraHeaders: [['Auto-Submitted', 'no']] })).kind).toBe('ticket')
  })

  it.each([
    ['Auto-Submitted', 'auto-replied'],
    ['Auto-Submitted', 'auto-generated'],
    ['X-Autoreply', 'yes'],
    ['X-Autorespond', 'Vacation'],
    ['X-Auto-Response-Suppress', 'All'],
    ['X-Auto-Response-Suppress', 'DR, RN, NRN, OOF, AutoReply'],
    ['Precedence', 'auto_reply'],
  ])('treats %s: %s as an automatic reply', (name, value) => {
    expect(classifyInboundEmail(message({ extraHeaders: [[name, value]] }))).toEqual({
      kind: 'auto-reply',
      reason: `${name}: ${value}`,
    })
  })

  it('recognises out-of-office subjects that carry no header', () => {
    for (const subject of [
      'Automatic reply: Invoice 42',
      'Out of Office: Invoice 42',
      'Abwesenheitsnotiz: Rechnung',
    ]) {
      expect(classifyInboundEmail(message({ subject })).kind).toBe('auto-reply')
    }
    expect(classifyInboundEmail(message({ subject: 'I will be out of office, please call' })).kind).toBe(
      'ticket',
    )
  })

  it.each([
    ['List-Id', 'Users <users.lists.example.com>'],
    ['List-Unsubscribe', '<mailto:leave@lists.example.com>'],
    ['Precedence', 'bulk'],
    ['Precedence', 'list'],
    ['Precedence', 'junk'],
  ])('treats %s: %s as list mail', (name, value) => {
    expect(classifyInboundEmail(message({ extraHeaders: [[name, value]] })).kind).toBe('list')
  })

  it('recognises bounces by report type, status part, daemon sender or failed-recipients header', () => {
    const report = message({
      headers: [
        { Name: 'Content-Type', Value: 'multipart/report; report-type="delivery-status"; boundary=x' },
      ],
    })
    expect(classifyInboundEmail(report).kind).toBe('bounce')
    expect(
      classifyInboundEmail(message({ attachments: [{ contentType: 'message/delivery-status' }] })).kind,
    ).toBe('bounce')
    expect(
      classifyInboundEmail(message({ from: { address: 'MAILER-DAEMON@mx.example.com', name: '' } })),
    ).toEqual({
      kind: 'bounce',
      reason: 'sent by MAILER-DAEMON',
    })
    expect(
      classifyInboundEmail(message({ extraHeaders: [['X-Failed-Recipients', 'bob@example.com']] })).kind,
    ).toBe('bounce')
  })

  it('ranks a bounce above the auto-reply header it also carries', () => {
    const bounce = message({
      extraHeaders: [['Auto-Submitted', 'auto-replied']],
      attachments: [{ contentType: 'message/delivery-status' }],
    })
    expect(classifyInboundEmail(bounce).kind).toBe('bounce')
  })

  it('treats a read receipt as an automatic reply', () => {
    const receipt = message({
      headers: [{ Name: 'Content-Type', Value: 'multipart/report; report-type=disposition-notification' }],
    })
    expect(classifyInboundEmail(receipt).kind).toBe('auto-reply')
  })
})
