import type { TTicketCreate } from '@parsedesk/contracts'
import { TicketFormErrors } from '@/lib/messages'

export const emptyTicketForm: TTicketCreate = { email: '', subject: '', body: '' }

/** Spec, section 5: no user first, then any empty field; the email's format is left to the input. */
export function validateTicketForm({
  hasUser,
  values,
}: {
  hasUser: boolean
  values: TTicketCreate
}): string | null {
  if (!hasUser) return TicketFormErrors.noUser
  if (!values.email.trim() || !values.subject.trim() || !values.body.trim())
    return TicketFormErrors.emptyFields
  return null
}
