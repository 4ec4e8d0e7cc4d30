import type * as React from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { FormControl, FormField, FormItem, FormLabel, FormMessage, useFormField } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { AccountTexts } from '../account-messages'

type TPasswordInputProps = React.ComponentProps<typeof Input> & { showRule: boolean }

/** Inside a FormItem: the rule is read with the field, and the field's error after it. */
function PasswordInput({ showRule, ...props }: TPasswordInputProps) {
  const { formItemId, formMessageId, error } = useFormField()
  const ruleId = `${formItemId}-rule`
  const describedBy = [showRule ? ruleId : '', error ? formMessageId : ''].filter(Boolean).join(' ')
  return (
    <>
      <FormControl aria-describedby={describedBy || undefined}>
        <Input type="password" {...props} />
      </FormControl>
      {showRule && (
        <p id={ruleId} className="text-sm text-muted-foreground">
          {AccountTexts.passwordRule}
        </p>
      )}
    </>
  )
}

type TPasswordFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>
  name: FieldPath<TValues>
  label: string
  autoComplete: 'current-password' | 'new-password'
  /** Shows the password rule under the field, before anything is sent. */
  showRule?: boolean
}

export function PasswordField<TValues extends FieldValues>(props: TPasswordFieldProps<TValues>) {
  return (
    <FormField
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{props.label}</FormLabel>
          <PasswordInput showRule={!!props.showRule} autoComplete={props.autoComplete} {...field} />
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A refusal that is about no one field (a rate limit, a busy server), shown with the form. */
export function FormAlert({ title, message }: { title: string; message: string | undefined }) {
  if (!message) return null
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      <p className="font-medium text-destructive">{title}</p>
      <p className="break-words">{message}</p>
    </div>
  )
}
