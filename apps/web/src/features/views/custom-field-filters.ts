import {
  type TCustomFieldValues,
  type TViewCustomFieldFilter,
  type TViewFilters,
  ViewFieldOp,
} from '@parsedesk/contracts'
import { Query } from 'appwrite'

/** The documents API's name of a ticket's custom value (decision 062). */
export const customFieldAttribute = (key: string) => `customFields.${key}`

/** A view's custom field filters as SDK queries: any of the values, or a range with either end open. */
export function customFieldQueries(filters: TViewFilters): string[] {
  return (filters.customFields ?? []).flatMap((filter) => {
    const attribute = customFieldAttribute(filter.key)
    if (filter.op === ViewFieldOp.equals) return [Query.equal(attribute, [...filter.values])]
    const { from, to } = filter
    if (from !== undefined && to !== undefined) return [Query.between(attribute, from, to)]
    if (from !== undefined) return [Query.greaterThanEqual(attribute, from)]
    return to === undefined ? [] : [Query.lessThanEqual(attribute, to)]
  })
}

/**
 * Whether a ticket's custom values pass one filter, as the server decides it: equal to one of the values,
 * or a value of the range's kind (a number, a day) within it.
 */
function passes(values: TCustomFieldValues | undefined, filter: TViewCustomFieldFilter): boolean {
  const value = values?.[filter.key]
  if (value === undefined || value === null) return false
  if (filter.op === ViewFieldOp.equals) return filter.values.includes(value)
  if (typeof value !== typeof (filter.from ?? filter.to)) return false
  if (filter.from !== undefined && before(value, filter.from)) return false
  return filter.to === undefined || !before(filter.to, value)
}

/** Numbers by size, days (YYYY-MM-DD) by their characters, as the server compares them. */
const before = (a: string | number, b: string | number) => (a as number) < (b as number)

export function matchesCustomFields(values: TCustomFieldValues | undefined, filters: TViewFilters): boolean {
  return (filters.customFields ?? []).every((filter) => passes(values, filter))
}

/**
 * The filters with the one on `key` replaced (or removed, given undefined). A view without any keeps no
 * empty list, so it compares equal to one saved without them.
 */
export function withCustomFieldFilter(
  filters: TViewFilters,
  key: string,
  filter: TViewCustomFieldFilter | undefined,
): TViewFilters {
  const others = (filters.customFields ?? []).filter((other) => other.key !== key)
  const customFields = filter ? [...others, filter] : others
  return { ...filters, customFields: customFields.length ? customFields : undefined }
}
