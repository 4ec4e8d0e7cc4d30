import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import type { ZodType } from 'zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { getErrorMessage } from '@/lib/errors'
import { FieldError } from './field-error'

type TListFieldProps = {
  label: string
  /** What one item is called in button names ("tag": "Remove tag vip"). */
  noun: string
  items: readonly string[]
  /** The contracts' schema of the whole list: the new list is checked with it before it is sent. */
  schema: ZodType<string[], unknown>
  inputType?: 'text' | 'email'
  placeholder: string
  onSave: (items: string[]) => Promise<unknown>
}

/**
 * A list the agent adds to and removes from (tags, copies). Each press saves the whole list; a refusal
 * keeps what was typed in the field with the reason under it.
 */
export function ListField({
  label,
  noun,
  items,
  schema,
  inputType = 'text',
  placeholder,
  onSave,
}: TListFieldProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)

  async function save(next: string[], { clearInput }: { clearInput: boolean }) {
    const parsed = schema.safeParse(next)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? `That ${noun} cannot be added`)
      return
    }
    setIsSaving(true)
    setError(null)
    try {
      await onSave(parsed.data)
      if (clearInput) setText('')
    } catch (failure) {
      setError(getErrorMessage(failure) || `Could not change the ${label.toLowerCase()}`)
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {items.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li
              key={item}
              className="flex max-w-full min-w-0 items-center gap-1 rounded-full border bg-muted py-0.5 pr-0.5 pl-2.5 text-xs"
            >
              <span className="min-w-0 break-all">{item}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6 rounded-full"
                disabled={isSaving}
                aria-label={`Remove ${noun} ${item}`}
                onClick={() =>
                  void save(
                    items.filter((kept) => kept !== item),
                    { clearInput: false },
                  )
                }
              >
                <X aria-hidden="true" className="size-3" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (text.trim()) void save([...items, text], { clearInput: true })
        }}
      >
        <Input
          id={id}
          type={inputType}
          value={text}
          placeholder={placeholder}
          disabled={isSaving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value)
            setError(null)
          }}
        />
        <Button
          type="submit"
          variant="outline"
          disabled={isSaving || !text.trim()}
          aria-label={`Add ${noun}`}
        >
          <Plus aria-hidden="true" />
          Add
        </Button>
      </form>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
