import { QueryLimits } from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAttributeColumns, TAttributeType } from './queries'

/** What the schema says of one attribute: how it is stored, whether it may be null, its allowed values. */
export type TAttributeShape = {
  type: TAttributeType
  isNullable: boolean
  values?: readonly string[]
  /** An array (stored as JSON). */
  isList?: boolean
  /** A string's most characters, when its schema says. */
  maxLength?: number
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

type TZodDef = {
  type: string
  format?: string
  innerType?: z.ZodType
  in?: z.ZodType
  entries?: Record<string, string>
  values?: unknown[]
}

/** Reads one attribute's zod schema: its storage kind, nullability and, for an enum, its values. */
export function shapeOf(schema: z.ZodType): TAttributeShape {
  let current = schema
  let isNullable = false
  for (;;) {
    const def = (current as unknown as { _zod: { def: TZodDef } })._zod.def
    if (def.type === 'nullable' && def.innerType) {
      isNullable = true
      current = def.innerType
    } else if (WRAPPERS.has(def.type) && def.innerType) {
      current = def.innerType
    } else if (def.type === 'pipe' && def.in) {
      current = def.in
    } else {
      const { maxLength } = current as unknown as { maxLength?: number | null }
      return { ...kindOf(def), isNullable, ...(typeof maxLength === 'number' ? { maxLength } : {}) }
    }
  }
}

function kindOf(def: TZodDef): Omit<TAttributeShape, 'isNullable'> {
  switch (def.type) {
    case 'string':
      return { type: def.format === 'datetime' ? 'datetime' : 'string' }
    case 'enum':
      return { type: 'string', values: Object.values(def.entries ?? {}) }
    case 'literal':
      return { type: typeof def.values?.[0] === 'boolean' ? 'boolean' : 'string' }
    case 'number':
      return { type: 'integer' }
    case 'boolean':
      return { type: 'boolean' }
    case 'array':
      return { type: 'json', isList: true }
    default:
      return { type: 'json' }
  }
}

/**
 * The columns the documents API reads and writes for a collection, from the one zod schema of its stored
 * attributes: an attribute is a column of its own name. `db/schema-agreement.integration.test.ts` checks
 * that the migrations made every one of them, of the right kind, nullability and allowed values.
 */
export function attributeColumns(schema: z.ZodObject): TAttributeColumns {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const { type, isNullable, isList, maxLength } = shapeOf(field as z.ZodType)
      const isLong =
        (type === 'json' && !isList) ||
        (type === 'string' && (maxLength ?? 0) > QueryLimits.filterableTextLength)
      return [
        name,
        { column: name, type, isNullable, ...(isList ? { isList } : {}), ...(isLong ? { isLong } : {}) },
      ]
    }),
  )
}
