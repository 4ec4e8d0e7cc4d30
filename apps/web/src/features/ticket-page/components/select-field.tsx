import { RotateCcw, RotateCw } from 'lucide-react'
import { type Ref, useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { FieldError } from './field-error'

export type TOption = { value: string; label: string }

/**
 * How long a choice moved by arrow keys waits for the next key before it is saved: stepping from Open to
 * Closed through three statuses is one change on the timeline, not three.
 */
export const KEYBOARD_SETTLE_MS = 700

type TSelectFieldProps = {
  label: string
  /** The ticket's value as the select holds it ('' for none). */
  value: string
  options: readonly TOption[]
  onSave: (value: string) => Promise<unknown>
  /** What a value none of the options hold is called (an id is never shown); the value itself by default. */
  unknownLabel?: string
  selectRef?: Ref<HTMLSelectElement>
}

/**
 * A select that saves as it is changed: a pick with the mouse (or the native list) at once, a choice
 * stepped with the arrow keys once they rest, on Enter or when focus leaves. A refused change keeps the
 * agent's choice with the server's message, Try again and Undo; a change by someone else shows at once
 * while the agent has nothing pending.
 */
export function SelectField({ label, value, options, onSave, unknownLabel, selectRef }: TSelectFieldProps) {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const pending = useRef<string | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const isKeyed = useRef(false)
  const saveLatest = useRef<(next: string) => void>(() => undefined)
  const shown = draft ?? value
  const known = options.some((option) => option.value === shown)

  async function save(next: string) {
    window.clearTimeout(timer.current)
    pending.current = null
    setIsSaving(true)
    setError(null)
    try {
      await onSave(next)
      setDraft((current) => (current === next ? null : current))
    } catch (failure) {
      setError(getErrorMessage(failure) || `Could not change the ${label.toLowerCase()}`)
    } finally {
      setIsSaving(false)
    }
  }
  saveLatest.current = (next) => void save(next)

  function flush() {
    if (pending.current !== null) void save(pending.current)
  }

  function choose(next: string) {
    setDraft(next)
    setError(null)
    window.clearTimeout(timer.current)
    if (next === value) {
      pending.current = null
      setDraft(null)
      return
    }
    pending.current = next
    if (!isKeyed.current) {
      void save(next)
      return
    }
    timer.current = window.setTimeout(flush, KEYBOARD_SETTLE_MS)
  }

  // A choice still waiting for its keys to rest is saved when the page closes over it.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current)
      if (pending.current !== null) saveLatest.current(pending.current)
    },
    [],
  )

  return (
    <div className="grid gap-1.5">
      <div className="flex h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {isSaving && (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <Spinner />
            Saving...
          </span>
        )}
      </div>
      <NativeSelect
        id={id}
        ref={selectRef}
        value={shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            flush()
            return
          }
          isKeyed.current = true
        }}
        onKeyUp={() => {
          isKeyed.current = false
        }}
        onChange={(event) => choose(event.target.value)}
        onBlur={flush}
      >
        {!known && <option value={shown}>{(shown && unknownLabel) || shown || 'None'}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`} message={error} />
      {error && draft !== null && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" disabled={isSaving} onClick={() => void save(draft)}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={isSaving}
            onClick={() => {
              setDraft(null)
              setError(null)
            }}
          >
            <RotateCcw aria-hidden="true" />
            Undo
          </Button>
        </div>
      )}
    </div>
  )
}
