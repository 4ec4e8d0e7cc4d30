import { describe, expect, it } from 'vitest'
import { postfixBounce } from '../parse/delivery-report.test-kit'
import { triageDelivery } from './triage-delivery'

const DOMAIN = 'inbound.test'

function raw(lines: string[]): Uint8Array {
  return Buffer.from([...lines, ''].join('\r\n'))
}

const question = [
  'From: Ada Lovelace <ada@customer.example>',
  `To: support@${DOMAIN}`,
  'Subject: Printer on fire',
  'Message-ID: <printer@customer.example>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'It smokes.',
]

describe('triaging a delivery', () => {
  it('takes a customer mail for a ticket, from the address in its From header', async () => {
    const triage = await triageDelivery(
      { raw: raw(question), envelopeFrom: 'bounces@relay.example' },
      { inboundDomain: DOMAIN },
    )
    expect(triage).toMatchObject({ kind: 'mail', sender: 'ada@customer.example' })
    expect(triage.parsed?.subject).toBe('Printer on fire')
  })

  it('falls back on the envelope sender when the message names none', async () => {
    const triage = await triageDelivery(
      { raw: raw(question.slice(1)), envelopeFrom: 'ada@customer.example' },
      { inboundDomain: DOMAIN },
    )
    expect(triage).toMatchObject({ kind: 'mail', sender: 'ada@customer.example' })
  })

  it('rejects mail with no sender anywhere, keeping what it said of itself', async () => {
    const triage = await triageDelivery(
      { raw: raw(question.slice(1)), envelopeFrom: null },
      { inboundDomain: DOMAIN },
    )
    expect(triage).toMatchObject({
      kind: 'no-ticket',
      outcome: { status: 'rejected', reason: 'no sender address anywhere in the message or envelope' },
    })
    expect(triage.parsed?.messageId).toBe('printer@customer.example')
  })

  it('keeps automatic replies and our own mail coming back out of the tickets', async () => {
    const outOfOffice = await triageDelivery(
      { raw: raw(['Auto-Submitted: auto-replied', ...question]), envelopeFrom: null },
      { inboundDomain: DOMAIN },
    )
    expect(outOfOffice).toMatchObject({ kind: 'no-ticket', outcome: { status: 'auto-reply' } })
    const ours = await triageDelivery(
      { raw: raw([`From: support@${DOMAIN}`, ...question.slice(1)]), envelopeFrom: null },
      { inboundDomain: DOMAIN },
    )
    expect(ours).toMatchObject({ kind: 'no-ticket', outcome: { status: 'loop' } })
  })

  it('rejects what is not an email, and a delivery whose bytes are gone, with the reason', async () => {
    const picture = await triageDelivery(
      { raw: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), envelopeFrom: null },
      { inboundDomain: DOMAIN },
    )
    expect(picture).toMatchObject({ kind: 'no-ticket', outcome: { status: 'rejected' } })
    expect(picture.kind === 'no-ticket' && picture.outcome.reason).toBe(
      'no email headers were found at the start of the data',
    )
    const missing = await triageDelivery({ raw: null, envelopeFrom: null }, { inboundDomain: DOMAIN })
    expect(missing).toMatchObject({
      kind: 'no-ticket',
      outcome: { status: 'rejected', reason: 'the raw message is missing' },
    })
  })

  it("reads a bounce's report only when a mail server sent it, by the envelope or the Return-Path", async () => {
    const bounce = postfixBounce({
      to: `acme@${DOMAIN}`,
      recipient: 'bob@customer.example',
      messageId: '<ours@inbound.test>',
    })
    const triage = (envelopeFrom: string | null, head: string[] = []) =>
      triageDelivery(
        { raw: Buffer.from([...head, bounce].join('\r\n')), envelopeFrom },
        { inboundDomain: DOMAIN },
      )

    for (const fromServer of [await triage(''), await triage('MAILER-DAEMON@mx.customer.example')]) {
      expect(fromServer).toMatchObject({
        kind: 'no-ticket',
        outcome: { status: 'bounce', reason: 'multipart/report with report-type=delivery-status' },
        report: { originalMessageIds: ['ours@inbound.test'] },
      })
    }
    const fromPerson = await triage('mallory@customer.example')
    expect(fromPerson).toMatchObject({
      kind: 'no-ticket',
      outcome: {
        status: 'bounce',
        reason:
          'multipart/report with report-type=delivery-status; sent by mallory@customer.example, not by a mail server: no reply changed',
      },
    })
    expect(fromPerson).not.toHaveProperty('report')

    // IMAP keeps no envelope: the Return-Path the delivering server wrote stands for it.
    expect(await triage(null, ['Return-Path: <>'])).toHaveProperty('report')
    expect(await triage(null, ['Return-Path: <mallory@customer.example>'])).not.toHaveProperty('report')
    expect(await triage(null)).toHaveProperty('report')
  })
})
