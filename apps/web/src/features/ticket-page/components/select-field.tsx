import { Check, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { FieldError } from './field-error'

export type TOption = { value: string; label: string }

type TSelectFieldProps = {
  label: string
  /** The ticket's value as the select holds it ('' for none). */
  value: string
  options: readonly TOption[]
  onSave: (value: string) => Promise<unknown>
  /** What a value none of the options hold is called (an id is never shown); the value itself by default. */
  unknownLabel?: string
}

/**
 * A select and Save: nothing changes until Save is pressed, however the select is moved by keyboard (each
 * change would be an event in the log). A refused change keeps the agent's choice and the server's
 * message, for another try; a change by someone else shows at once while the agent has chosen nothing.
 */
export function SelectField({ label, value, options, onSave, unknownLabel }: TSelectFieldProps) {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const shown = draft ?? value
  const isChanged = draft !== null && draft !== value
  const known = options.some((option) => option.value === shown)

  async function save() {
    if (draft === null) return
    setIsSaving(true)
    setError(null)
    try {
      await onSave(draft)
      setDraft(null)
    } catch (failure) {
      setError(getErrorMessage(failure) || `Could not change the ${label.toLowerCase()}`)
    } finally {
      setIsSaving(false)
    }
  }

  function cancel() {
    setDraft(null)
    setError(null)
  }

  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={shown}
        disabled={isSaving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value)
          setError(null)
        }}
      >
        {!known && <option value={shown}>{(shown && unknownLabel) || shown || 'None'}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {isChanged && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={isSaving}>
            {isSaving ? <Spinner /> : <Check aria-hidden="true" />}
            {isSaving ? 'Saving...' : `Save ${label.toLowerCase()}`}
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={isSaving} onClick={cancel}>
            <X aria-hidden="true" />
            Cancel
          </Button>
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </form>
  )
}
