import {
  CustomFieldType,
  ExtractionStatus,
  type TCustomFieldValue,
  type TCustomFieldValues,
  TemplateMessages,
  type TTicketExtraction,
} from '@parsedesk/contracts'
import { useId, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { getErrorMessage } from '@/lib/errors'
import { describeSource, INPUT_TYPES, valueFromInput } from '../extraction-view'
import { type TCustomFieldDocument, useCustomFields } from '../queries'

type TTicketCustomFieldsProps = {
  teamId: string
  values: TCustomFieldValues | undefined
  extraction: TTicketExtraction | null | undefined
  /** Saves the ticket's custom values whole, through the server, which checks each against its field. */
  onSave(values: TCustomFieldValues): Promise<unknown>
}

/** One custom field's value, saved when the member picks a choice, presses Enter or leaves the input. */
function CustomValue({
  field,
  value,
  onSave,
}: {
  field: TCustomFieldDocument
  value: TCustomFieldValue | undefined
  onSave(value: TCustomFieldValue): Promise<unknown>
}) {
  const id = useId()
  const stored = value === null || value === undefined ? '' : String(value)
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const shown = draft ?? stored

  const save = async (text: string) => {
    if (text === stored) {
      setDraft(null)
      return
    }
    const next = valueFromInput(field.type, text)
    if (next === undefined) {
      setError(TemplateMessages.notANumber)
      return
    }
    setError(null)
    try {
      await onSave(next)
      setDraft(null)
    } catch (failure) {
      setError(getErrorMessage(failure))
    }
  }

  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{field.label}</Label>
      {field.type === CustomFieldType.choice ? (
        <NativeSelect
          id={id}
          value={shown}
          onChange={(event) => {
            setDraft(event.target.value)
            void save(event.target.value)
          }}
        >
          <option value="">None</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input
          id={id}
          type={INPUT_TYPES[field.type]}
          inputMode={field.type === CustomFieldType.number ? 'decimal' : undefined}
          value={shown}
          aria-invalid={!!error}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void save(shown)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              void save(shown)
            }
          }}
        />
      )}
      {error && (
        <p role="alert" className="text-xs break-words text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** The flag an agent sees first: no template read this mail, or one did and missed a required field. */
function ExtractionFlag({ extraction }: { extraction: TTicketExtraction }) {
  if (extraction.status === ExtractionStatus.noTemplate) return <Badge tone="yellow">No template</Badge>
  if (extraction.status === ExtractionStatus.failed)
    return (
      <Badge tone="red">Extraction failed{extraction.templateName && `: ${extraction.templateName}`}</Badge>
    )
  return null
}

/**
 * The ticket's custom fields, which members edit, and what a template read from its mail: each value with
 * the template and the line or header it came from, so an agent can check it against the mail.
 */
export function TicketCustomFields({ teamId, values, extraction, onSave }: TTicketCustomFieldsProps) {
  const fields = useCustomFields(teamId).data ?? []
  const extracted = extraction?.fields ?? []
  if (fields.length === 0 && !extraction) return null
  return (
    <section aria-label="Custom fields" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Custom fields</h3>
        {extraction && <ExtractionFlag extraction={extraction} />}
      </div>
      {fields.map((field) => (
        <CustomValue
          key={field.$id}
          field={field}
          value={values?.[field.key]}
          onSave={(value) => onSave({ ...(values ?? {}), [field.key]: value })}
        />
      ))}
      {extracted.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-xs font-medium text-muted-foreground">
            Read by the template {extraction?.templateName ?? ''}
          </h4>
          <dl aria-label="Extracted fields" className="grid gap-1 text-sm">
            {extracted.map((field) => (
              <div key={field.name} className="grid gap-0.5">
                <dt className="font-medium">{field.name}</dt>
                <dd className="break-words">
                  {field.value === null ? (
                    <span className="text-muted-foreground">none</span>
                  ) : (
                    String(field.value)
                  )}
                  <span className="text-xs text-muted-foreground">
                    {' '}
                    · from {describeSource(field.source)}
                  </span>
                  {field.error && <span className="block text-xs text-destructive">{field.error}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  )
}
