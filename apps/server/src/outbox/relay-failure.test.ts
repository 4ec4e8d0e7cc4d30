import { describe, expect, it } from 'vitest'
import { describeRelayFailure } from './relay-failure'

describe('what a failed send tells', () => {
  it('fails for good on a 5xx, keeping the answer of the relay', () => {
    const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 user unknown',
    })
    expect(describeRelayFailure(refusal)).toEqual({ isPermanent: true, reason: '550 5.1.1 user unknown' })
  })

  it('tries again after a 4xx or a connection that failed', () => {
    const deferral = Object.assign(new Error('Invalid greeting'), {
      code: 'EPROTOCOL',
      responseCode: 421,
      response: '421 4.3.2 Service not available',
    })
    expect(describeRelayFailure(deferral)).toEqual({
      isPermanent: false,
      reason: '421 4.3.2 Service not available',
    })
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ESOCKET' })
    expect(describeRelayFailure(refused)).toEqual({
      isPermanent: false,
      reason: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:587',
    })
  })

  it('fails for good what nodemailer itself cannot send', () => {
    const invalid = Object.assign(new Error('Invalid recipient "x"'), { code: 'EENVELOPE' })
    expect(describeRelayFailure(invalid).isPermanent).toBe(true)
  })
})
