import { ErrorType } from '@parsedesk/contracts'
import { AppError } from '../../core/app-error'

/** Unknown mailbox and wrong secret read the same, so the answer says nothing about which mailboxes exist. */
export const webhookUnauthorized = () =>
  new AppError(ErrorType.userUnauthorized, 'Missing or wrong webhook secret for this mailbox.')

export const webhookTooLarge = (maxBytes: number) =>
  new AppError(ErrorType.generalPayloadTooLarge, `The message is larger than ${maxBytes} bytes.`)

export const webhookMalformed = (reason: string) =>
  new AppError(ErrorType.generalArgumentInvalid, `Malformed inbound webhook: ${reason}`)
