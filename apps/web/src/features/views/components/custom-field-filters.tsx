import {
  CustomFieldType,
  type TCustomFieldAttributes,
  type TViewCustomFieldFilter,
  type TViewFilters,
  ViewFieldOp,
} from '@parsedesk/contracts'
import type * as React from 'react'
import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { withCustomFieldFilter } from '../custom-field-filters'

/** What the filters need of a custom field: how it is named, what it holds, a choice's options. */
export type TFilterableField = Pick<TCustomFieldAttributes, 'key' | 'label' | 'type' | 'options'>

type TFieldProps = {
  field: TFilterableField
  filter: TViewCustomFieldFilter | undefined
  onChange: (filter: TViewCustomFieldFilter | undefined) => void
}

const ANY = ''
const SEVERAL = '*'

function Labelled({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId()
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  )
}

const equalsOf = (filter: TViewCustomFieldFilter | undefined) =>
  filter?.op === ViewFieldOp.equals ? filter.values : []

/** A choice: any, or one of its options (a view asking for several shows them until changed). */
function ChoiceFilter({ field, filter, onChange }: TFieldProps) {
  const values = equalsOf(filter)
  const current = values.length === 0 ? ANY : values.length === 1 ? String(values[0]) : SEVERAL
  return (
    <Labelled label={field.label}>
      {(id) => (
        <NativeSelect
          id={id}
          value={current}
          onChange={(event) => {
            const value = event.target.value
            onChange(value === ANY ? undefined : { key: field.key, op: ViewFieldOp.equals, values: [value] })
          }}
        >
          <option value={ANY}>Any</option>
          {values.length > 1 && (
            <option value={SEVERAL} disabled>
              {values.join(', ')}
            </option>
          )}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value}
            </option>
          ))}
        </NativeSelect>
      )}
    </Labelled>
  )
}

/** A text, an email address or a web address: the tickets whose value is exactly what is typed. */
function EqualsFilter({ field, filter, onChange }: TFieldProps) {
  return (
    <Labelled label={field.label}>
      {(id) => (
        <Input
          id={id}
          type={field.type === CustomFieldType.email ? 'email' : 'text'}
          value={equalsOf(filter).map(String).join(', ')}
          placeholder="Any"
          onChange={(event) => {
            // Kept as typed, spaces included: the server compares the exact value.
            const value = event.target.value
            onChange(value.trim() ? { key: field.key, op: ViewFieldOp.equals, values: [value] } : undefined)
          }}
        />
      )}
    </Labelled>
  )
}

/** A number or a date: from one value to another, both included, either left empty for "any". */
function RangeFilter({ field, filter, onChange }: TFieldProps) {
  const isNumber = field.type === CustomFieldType.number
  // A view saved through the API may ask for equal values: shown as a range from the value to itself.
  const equal = equalsOf(filter)
  const from = filter?.op === ViewFieldOp.range ? filter.from : equal[0]
  const to = filter?.op === ViewFieldOp.range ? filter.to : equal[0]
  const read = (written: string): number | string | undefined => {
    if (written === '') return undefined
    if (!isNumber) return written
    const value = Number(written)
    return Number.isFinite(value) ? value : undefined
  }
  const change = (next: { from: number | string | undefined; to: number | string | undefined }) =>
    onChange(
      next.from === undefined && next.to === undefined
        ? undefined
        : { key: field.key, op: ViewFieldOp.range, from: next.from, to: next.to },
    )
  const type = isNumber ? 'number' : 'date'
  return (
    <>
      <Labelled label={`${field.label} from`}>
        {(id) => (
          <Input
            id={id}
            type={type}
            value={from ?? ''}
            onChange={(event) => change({ from: read(event.target.value), to })}
          />
        )}
      </Labelled>
      <Labelled label={`${field.label} to`}>
        {(id) => (
          <Input
            id={id}
            type={type}
            value={to ?? ''}
            onChange={(event) => change({ from, to: read(event.target.value) })}
          />
        )}
      </Labelled>
    </>
  )
}

/**
 * The list's filters on the workspace's custom fields (those shown in the filters, decision 056): a choice
 * by its options, a number or a date by a range, any other by its exact value.
 */
export function CustomFieldFilters({
  fields,
  filters,
  onChange,
}: {
  fields: readonly TFilterableField[]
  filters: TViewFilters
  onChange: (filters: TViewFilters) => void
}) {
  return fields.map((field) => {
    const props: TFieldProps = {
      field,
      filter: filters.customFields?.find((filter) => filter.key === field.key),
      onChange: (filter) => onChange(withCustomFieldFilter(filters, field.key, filter)),
    }
    if (field.type === CustomFieldType.choice) return <ChoiceFilter key={field.key} {...props} />
    if (field.type === CustomFieldType.number || field.type === CustomFieldType.date)
      return <RangeFilter key={field.key} {...props} />
    return <EqualsFilter key={field.key} {...props} />
  })
}
