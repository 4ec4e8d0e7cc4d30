import {
  CustomFieldType,
  type TCustomFieldType,
  type TCustomFieldValue,
  type TValueSource,
} from '@parsedesk/contracts'

/** Where a value was read, as the side panel says it: "line 4 of the body", "header X-Priority". */
export function describeSource(source: TValueSource | null): string {
  if (!source) return 'not found'
  switch (source.kind) {
    case 'text':
      return `line ${source.line} of the ${source.in}`
    case 'header':
      return `header ${source.name}`
    case 'default':
      return 'the default'
  }
}

/**
 * What a member typed into a custom field, as the ticket stores it: a number for a number field, else the
 * text; an empty input clears the value. Undefined for a number that is not one (the input says so).
 */
export function valueFromInput(type: TCustomFieldType, text: string): TCustomFieldValue | undefined {
  const trimmed = text.trim()
  if (!trimmed) return null
  if (type !== CustomFieldType.number) return trimmed
  const number = Number(trimmed.replace(/[\s,]/g, ''))
  return Number.isFinite(number) ? number : undefined
}

/** The input's type for a custom field's kind: the browser's own date picker and email/url checks. */
export const INPUT_TYPES: Record<Exclude<TCustomFieldType, 'choice'>, string> = {
  text: 'text',
  number: 'text',
  date: 'date',
  email: 'email',
  url: 'url',
}
