import {
  CUSTOM_FIELD_TYPES,
  CustomFieldType,
  DATE_FORMATS,
  LocatorKind,
  type TCustomFieldType,
  type TDateFormat,
  TemplateLimits,
  type TFieldLocator,
  type TTemplateField,
} from '@parsedesk/contracts'
import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import type { TCustomFieldDocument } from '../queries'
import {
  optionsText,
  parseOptions,
  targetOf,
  targetValue,
  withLocatorKind,
  withTarget,
  withType,
} from '../template-fields'

export const TYPE_LABELS: Record<TCustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  email: 'Email address',
  url: 'Web address',
  choice: 'Choice',
}

const LOCATOR_LABELS: Record<TFieldLocator['kind'], string> = {
  between: 'Between the text before and after it',
  regex: 'A regular expression',
  header: 'A header of the mail',
  tableRow: 'A row of a table',
}

type TFieldEditorProps = {
  field: TTemplateField
  customFields: readonly TCustomFieldDocument[]
  /** The contract's refusal of this field, if any. */
  problem: string | undefined
  onChange(field: TTemplateField): void
  onRemove(): void
}

/** The inputs of one locator kind: the anchors, the pattern and its group, the header, the table row. */
function LocatorInputs({ field, onChange }: Pick<TFieldEditorProps, 'field' | 'onChange'>) {
  const id = useId()
  const locator = field.locator
  const set = (next: TFieldLocator) => onChange({ ...field, locator: next })
  const input = (label: string, value: string, change: (value: string) => void, max: number) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${label}`}>{label}</Label>
      <Input
        id={`${id}-${label}`}
        value={value}
        maxLength={max}
        onChange={(event) => change(event.target.value)}
      />
    </div>
  )
  switch (locator.kind) {
    case LocatorKind.between:
      return (
        <>
          {input(
            'Text before',
            locator.before,
            (before) => set({ ...locator, before }),
            TemplateLimits.anchor,
          )}
          {input(
            'Text after (empty: to the end of the line)',
            locator.after ?? '',
            (after) => set({ ...locator, after: after || null }),
            TemplateLimits.anchor,
          )}
        </>
      )
    case LocatorKind.regex:
      return (
        <>
          {input(
            'Pattern (RE2)',
            locator.pattern,
            (pattern) => set({ ...locator, pattern }),
            TemplateLimits.pattern,
          )}
          {input(
            'Group',
            String(locator.group),
            (group) => set({ ...locator, group: Number(group) || 0 }),
            2,
          )}
        </>
      )
    case LocatorKind.header:
      return input('Header name', locator.name, (name) => set({ ...locator, name }), 100)
    case LocatorKind.tableRow:
      return (
        <>
          {input('Row label', locator.label, (label) => set({ ...locator, label }), TemplateLimits.anchor)}
          {input(
            'Cell after the label',
            String(locator.column),
            (column) => set({ ...locator, column: Number(column) || 1 }),
            2,
          )}
        </>
      )
  }
}

/** One field of a template: its name, type, whether the mail must hold it, its default, what it fills, how it is found. */
export function TemplateFieldEditor({ field, customFields, problem, onChange, onRemove }: TFieldEditorProps) {
  const id = useId()
  const [options, setOptions] = useState(() => optionsText(field.options))
  const targetLocked = field.target.kind === 'customField'
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" aria-label={`Field ${field.name}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold">{field.name}</p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove field ${field.name}`}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={field.name}
            maxLength={TemplateLimits.fieldLabel}
            onChange={(event) => onChange({ ...field, name: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-target`}>Fills</Label>
          <NativeSelect
            id={`${id}-target`}
            value={targetValue(field.target)}
            onChange={(event) => {
              const next = withTarget(field, targetOf(event.target.value), customFields)
              setOptions(optionsText(next.options))
              onChange(next)
            }}
          >
            <option value="none">Nothing: shown on the ticket</option>
            <option value="priority">Priority</option>
            <option value="category">Category</option>
            <option value="requester">Requester</option>
            <option value="tags">Tags</option>
            {customFields.map((custom) => (
              <option key={custom.$id} value={`customField:${custom.key}`}>
                Custom field: {custom.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect
            id={`${id}-type`}
            value={field.type}
            disabled={targetLocked}
            onChange={(event) => onChange(withType(field, event.target.value as TCustomFieldType))}
          >
            {CUSTOM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {field.type === CustomFieldType.date && (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-format`}>Written as</Label>
            <NativeSelect
              id={`${id}-format`}
              value={field.dateFormat ?? ''}
              disabled={targetLocked}
              onChange={(event) => onChange({ ...field, dateFormat: event.target.value as TDateFormat })}
            >
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        {field.type === CustomFieldType.choice && (
          <div className="grid gap-1 sm:col-span-2">
            <Label htmlFor={`${id}-options`}>Options, one a line: value: synonym, synonym</Label>
            <Textarea
              id={`${id}-options`}
              rows={3}
              value={options}
              disabled={targetLocked}
              placeholder={'high: P1, urgent\nlow'}
              onChange={(event) => {
                setOptions(event.target.value)
                onChange({ ...field, options: parseOptions(event.target.value) })
              }}
            />
          </div>
        )}
        <div className="grid gap-1">
          <Label htmlFor={`${id}-default`}>Default when absent</Label>
          <Input
            id={`${id}-default`}
            value={field.default ?? ''}
            maxLength={TemplateLimits.defaultValue}
            onChange={(event) => onChange({ ...field, default: event.target.value || null })}
          />
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(event) => onChange({ ...field, required: event.target.checked })}
          />
          Required: the mail must hold it
        </label>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-locator`}>Found by</Label>
          <NativeSelect
            id={`${id}-locator`}
            value={field.locator.kind}
            onChange={(event) =>
              onChange(withLocatorKind(field, event.target.value as TFieldLocator['kind']))
            }
          >
            {Object.entries(LOCATOR_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <LocatorInputs field={field} onChange={onChange} />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </fieldset>
  )
}
