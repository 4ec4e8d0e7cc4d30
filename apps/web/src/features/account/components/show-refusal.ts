import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { accountErrorField, type TAccountErrorFields } from '../account-errors'

/**
 * Puts the server's refusal under the field it is about (focused), or over the whole form, and returns
 * its message for the toast.
 */
export function showRefusal<TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  error: unknown,
  fields: TAccountErrorFields<FieldPath<TValues>>,
): string {
  const message = getErrorMessage(error) || Toasts.tryLater
  const field = accountErrorField(error, fields)
  if (field === 'root') form.setError('root', { type: 'server', message })
  else form.setError(field, { type: 'server', message }, { shouldFocus: true })
  return message
}
