import { SendingMessages } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { ZSendingAddressForm } from './sending-address-form'

describe('the sending address form', () => {
  it('sends an address as the server stores it, and an emptied field as a removal', () => {
    expect(ZSendingAddressForm.parse({ address: ' Support@Company.example ' })).toEqual({
      address: 'support@company.example',
    })
    expect(ZSendingAddressForm.parse({ address: '   ' })).toEqual({ address: null })
  })

  it("refuses what the server refuses, in the server's words", () => {
    const refusal = ZSendingAddressForm.safeParse({ address: 'support at company' })
    expect(refusal.error?.issues[0]?.message).toBe(SendingMessages.addressInvalid)
  })
})
