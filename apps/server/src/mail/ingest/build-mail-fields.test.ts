import { TicketLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { parseInboundEmail } from '../parse'
import { buildMailFields } from './build-mail-fields'

function email(subject: string, body: string): Buffer {
  return Buffer.from(
    [
      'From: Ada <ada@customer.example>',
      `Subject: ${subject}`,
      'Message-ID: <big@customer.example>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
  )
}

describe('what a mail ticket shows', () => {
  it('shows the new text of a reply, keeping the quoted history in the raw JSON', async () => {
    const parsed = await parseInboundEmail(
      email(
        'Re: Order',
        'Still waiting.\r\n\r\nOn Mon, 2 Nov 2026, Shop <s@shop.example> wrote:\r\n> Shipped today.',
      ),
    )
    const fields = buildMailFields(parsed, [])
    expect(fields.body).toBe('Still waiting.')
    expect((fields.rawJson as { TextBody: string }).TextBody).toContain('> Shipped today.')
  })

  it('names a subject-less, text-less mail instead of leaving it blank', async () => {
    const fields = buildMailFields(await parseInboundEmail(email('', ' ')), [])
    expect(fields).toMatchObject({ subject: '(no subject)', body: '(no text)' })
  })

  it('keeps a huge mail within the ticket limits and says the raw JSON was cut', async () => {
    const line = `${'x'.repeat(70)}\r\n`
    const parsed = await parseInboundEmail(email('Huge', line.repeat(100_000)))
    const fields = buildMailFields(parsed, [])
    expect(fields.body.length).toBe(TicketLimits.body)
    expect(JSON.stringify(fields.rawJson).length).toBeLessThanOrEqual(TicketLimits.rawJson)
    expect(fields.rawJson).toMatchObject({ Truncated: true, Subject: 'Huge' })
  })
})
