import {
  CustomFieldType,
  FieldTargetKind,
  LocatorKind,
  type TChoiceOption,
  type TCustomFieldType,
  type TDateFormat,
  TemplateLimits,
  type TFieldLocator,
  type TFieldTarget,
  type TSampleMail,
  type TTemplateField,
  type TTemplateRun,
} from '@parsedesk/contracts'
import type { TSelectedField } from './components/selectable-email'
import type { TGridField } from './draft-grid'

/** The date format a selected value is written in, as far as it shows (28/11/2026 reads day first). */
function dateFormatOf(value: string): TDateFormat {
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return 'YYYY-MM-DD'
  if (/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(value)) return 'DD.MM.YYYY'
  return 'DD/MM/YYYY'
}

/** A template field from a value named in the sample: found between its anchors, filling nothing yet. */
export function fieldFromSelection(selected: TSelectedField): TTemplateField {
  return {
    name: selected.label,
    type: selected.type,
    dateFormat: selected.type === CustomFieldType.date ? dateFormatOf(selected.sampleValue) : null,
    options: [],
    locator: {
      kind: LocatorKind.between,
      in: 'body',
      before: selected.before,
      after: selected.after || null,
    },
    required: false,
    default: null,
    target: { kind: FieldTargetKind.none },
  }
}

/** The fields the page can look for itself (between anchors in the body); the server runs the others. */
export function gridFieldsOf(fields: readonly TTemplateField[]): TGridField[] {
  return fields.flatMap((field) =>
    field.locator.kind === LocatorKind.between && field.locator.in === 'body'
      ? [{ key: field.name, before: field.locator.before, after: field.locator.after ?? '' }]
      : [],
  )
}

/** A field given another type: a choice starts with no options, a date with a format, others with none. */
export function withType(field: TTemplateField, type: TCustomFieldType): TTemplateField {
  return {
    ...field,
    type,
    dateFormat: type === CustomFieldType.date ? (field.dateFormat ?? 'YYYY-MM-DD') : null,
    options: type === CustomFieldType.choice ? field.options : [],
  }
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A field found another way, starting from what the current way knows: the label before the value becomes
 * the regular expression's prefix, the table row's label, or (for a header) nothing the admin must not type.
 */
export function withLocatorKind(field: TTemplateField, kind: TFieldLocator['kind']): TTemplateField {
  const current = field.locator
  const label =
    current.kind === LocatorKind.between
      ? current.before.split('\n').pop()?.trim() || current.before.trim()
      : current.kind === LocatorKind.tableRow
        ? current.label
        : ''
  const bare = label.replace(/[:\s]+$/, '')
  const locator: TFieldLocator = (() => {
    switch (kind) {
      case LocatorKind.between:
        return { kind, in: 'body', before: label || 'Label: ', after: null }
      case LocatorKind.regex:
        return { kind, in: 'body', pattern: `${escapeRegex(label || 'Label:')}\\s*(.+)`, group: 1 }
      case LocatorKind.header:
        return { kind, name: 'Reply-To' }
      case LocatorKind.tableRow:
        return { kind, label: bare || 'Label', column: 1 }
    }
  })()
  return { ...field, locator }
}

/** What a select names a target by: the kind, or `customField:<key>`. */
export function targetValue(target: TFieldTarget): string {
  return target.kind === FieldTargetKind.customField ? `customField:${target.key}` : target.kind
}

export function targetOf(value: string): TFieldTarget {
  if (value.startsWith('customField:')) return { kind: FieldTargetKind.customField, key: value.slice(12) }
  switch (value) {
    case FieldTargetKind.priority:
    case FieldTargetKind.category:
    case FieldTargetKind.requester:
    case FieldTargetKind.tags:
      return { kind: value }
    default:
      return { kind: FieldTargetKind.none }
  }
}

/**
 * A field that fills a custom field takes that field's shape (the server refuses another type), and one
 * that fills the priority becomes a choice of the priorities, with the words vendors write for them.
 */
export function withTarget(
  field: TTemplateField,
  target: TFieldTarget,
  customFields: readonly {
    key: string
    type: TCustomFieldType
    dateFormat: TDateFormat | null
    options: TChoiceOption[]
  }[],
): TTemplateField {
  if (target.kind === FieldTargetKind.customField) {
    const custom = customFields.find((candidate) => candidate.key === target.key)
    if (custom)
      return { ...field, target, type: custom.type, dateFormat: custom.dateFormat, options: custom.options }
  }
  if (target.kind === FieldTargetKind.priority && field.type !== CustomFieldType.choice) {
    return {
      ...field,
      target,
      type: CustomFieldType.choice,
      dateFormat: null,
      options: [
        { value: 'high', synonyms: ['P1', 'urgent', 'critical'] },
        { value: 'medium', synonyms: ['P2', 'normal'] },
        { value: 'low', synonyms: ['P3', 'minor'] },
      ],
    }
  }
  return { ...field, target }
}

/** A choice's options as the admin writes them: one a line, `value: synonym, synonym`. */
export function optionsText(options: readonly TChoiceOption[]): string {
  return options
    .map((option) =>
      option.synonyms.length ? `${option.value}: ${option.synonyms.join(', ')}` : option.value,
    )
    .join('\n')
}

export function parseOptions(text: string): TChoiceOption[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':')
      if (colon === -1) return { value: line, synonyms: [] }
      return {
        value: line.slice(0, colon).trim(),
        synonyms: line
          .slice(colon + 1)
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
      }
    })
}

/** What a test email must keep giving: each field's value in the run that saved it (null: absent). */
export function expectedValues(run: Pick<TTemplateRun, 'fields'>): Record<string, string | number | null> {
  return Object.fromEntries(run.fields.map((field) => [field.name, field.value]))
}

/**
 * A ticket's first email as the preview and a test email take it: its sender, subject and text, cut to the
 * contract's limits (a long mail is read from its start, as the ingest reads it).
 */
export function sampleMailOf(email: { email: string; subject: string; body: string }): TSampleMail {
  return {
    from: email.email.slice(0, 320),
    subject: email.subject.slice(0, TemplateLimits.testEmailSubject),
    headers: {},
    body: email.body.slice(0, TemplateLimits.testEmailBody),
  }
}
