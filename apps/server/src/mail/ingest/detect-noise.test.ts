import { describe, expect, it } from 'vitest'
import { parseInboundEmail } from '../parse'
import { detectNoise } from './detect-noise'

const INBOUND = 'inbound.example'

async function noiseOf(headers: string[], envelopeFrom: string | null = null) {
  const raw = Buffer.from([...headers, 'Subject: Hello', '', 'Text.', ''].join('\r\n'))
  return detectNoise({ parsed: await parseInboundEmail(raw), envelopeFrom, inboundDomain: INBOUND })
}

describe('mail that must not open a ticket', () => {
  it('sees our own mail coming back as a loop', async () => {
    expect(await noiseOf([`From: other-abc@${INBOUND}`])).toMatchObject({ status: 'loop' })
    expect(await noiseOf([`From: x@mx.${INBOUND}`])).toMatchObject({ status: 'loop' })
    expect(await noiseOf(['From: a@customer.example', `X-Parsedesk-Loop: ${INBOUND}`])).toMatchObject({
      status: 'loop',
    })
  })

  it('keeps bounces and automatic replies apart, with the reason', async () => {
    expect(await noiseOf(['From: MAILER-DAEMON@mx.example'])).toMatchObject({ status: 'bounce' })
    expect(await noiseOf(['From: a@customer.example', 'Auto-Submitted: auto-replied'])).toEqual({
      status: 'auto-reply',
      reason: 'Auto-Submitted: auto-replied',
    })
  })

  it('lets customers through, also when a list or group forwarded them', async () => {
    expect(await noiseOf(['From: a@customer.example'])).toBeNull()
    expect(await noiseOf(['From: a@customer.example', 'List-Id: <support.company.example>'])).toBeNull()
    expect(await noiseOf([`From: a@not${INBOUND}`])).toBeNull()
  })
})
