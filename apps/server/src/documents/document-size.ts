import type { TAttributeColumns } from './queries'
import { quoteIdent } from './queries'

/** What one list answer may weigh: a page heavier than this is refused rather than read and sent. */
export const LIST_MAX_BYTES = 4 * 1024 * 1024

// The system fields and JSON punctuation of one document, and an attribute that is neither text nor JSON.
const DOCUMENT_OVERHEAD_BYTES = 300
const SMALL_ATTRIBUTE_BYTES = 40

/** The column that keeps a JSON attribute's size (migration 012: `<column>_bytes`, generated at write). */
export function jsonSizeColumn(column: string): string {
  return `${column}_bytes`
}

/**
 * SQL for about how many bytes a row weighs as the API sends it (the attributes `select`ed, or all),
 * from sizes Postgres keeps: nothing big is read or unpacked to know it.
 */
export function documentSizeSql(attributes: TAttributeColumns, select: string[] | undefined): string {
  const wanted = select && !select.includes('*') ? new Set(select) : undefined
  const parts = Object.entries(attributes)
    .filter(([name]) => !wanted || wanted.has(name))
    .map(([, { column, type }]) => {
      if (type === 'string') return `coalesce(octet_length(${quoteIdent(column)}), 0)`
      if (type === 'json') return `coalesce(${quoteIdent(jsonSizeColumn(column))}, 0)`
      return String(SMALL_ATTRIBUTE_BYTES)
    })
  return [String(DOCUMENT_OVERHEAD_BYTES), "octet_length(array_to_string(permissions, ''))", ...parts].join(
    ' + ',
  )
}

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}
