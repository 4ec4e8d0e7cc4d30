import { ZSendingAddressUpdate } from '@parsedesk/contracts'
import { z } from 'zod'

/** The sending address as typed: the server's rule, and an emptied field removes the address. */
export const ZSendingAddressForm = z.object({
  address: z
    .string()
    .transform((text) => (text.trim() === '' ? null : text))
    .pipe(ZSendingAddressUpdate.shape.address),
})
export type TSendingAddressFormInput = z.input<typeof ZSendingAddressForm>
export type TSendingAddressForm = z.output<typeof ZSendingAddressForm>
