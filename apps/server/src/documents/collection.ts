import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import type { TQueryable } from '../db/database'
import type { TPermission } from './permissions'
import type { TAttributeColumns, TFullTextAttributes } from './queries'

export type TDocumentRow = Record<string, unknown> & {
  /** The global insertion order, for cursors and ties; never shown. */
  seq: number | string
  /** `$sequence`: the document's number among its owner's documents of the collection. */
  scoped_seq: number | string
  id: string
  created_at: Date
  updated_at: Date
  permissions: string[]
  read_roles: string[]
}

export type TCreateContext = {
  auth: TAuth
  data: Record<string, unknown>
  permissions: TPermission[] | undefined
  clientKey: string
  tx: TQueryable
}

export type TUpdateContext = {
  auth: TAuth
  existing: TDocumentRow
  data: Record<string, unknown>
  permissions: TPermission[] | undefined
}

export type TPreparedUpdate = { data: Record<string, unknown>; permissions: TPermission[] | undefined }

export type TDocumentWriter = {
  /** Validated data and permissions in; the stored row out, committed and announced. */
  create(options: {
    auth: TAuth
    id: string
    data: Record<string, unknown>
    permissions: TPermission[] | undefined
  }): Promise<TDocumentRow>
  /** The prepared change (`prepareUpdate`'s) in; the stored row out, committed and announced. */
  update(options: TUpdateContext): Promise<TDocumentRow>
  /** The removed row, announced; undefined when it was gone already. */
  remove(row: TDocumentRow): Promise<TDocumentRow | undefined>
}

/**
 * Everything the documents API needs to serve one collection: its table, attributes, who may create,
 * how client input is validated and what the server fills in or refuses. Declared once per collection.
 */
export type TCollectionDefinition = {
  id: string
  table: string
  attributes: TAttributeColumns
  /** Attributes searched with `Query.search` only, never stored or shown (tickets' `text`). */
  fullText?: TFullTextAttributes
  /** Stored but never sent back (an IMAP password): the API shows them as ''. */
  writeOnlyAttributes?: readonly string[]
  /** Attributes a client may send on create (validated) and on update (validated, partial). */
  createSchema: z.ZodType<Record<string, unknown>>
  updateSchema: z.ZodType<Record<string, unknown>>
  canCreate(auth: TAuth): boolean
  /**
   * Set only when every document is readable by exactly the members of the workspace this attribute
   * names (the collection stores no other read permission): reads then filter on it, which an index
   * serves, instead of on the read roles.
   */
  workspaceAttribute?: string
  /** Collection-level access: who may list, read, update or delete at all (documents then check their own). */
  canRead(auth: TAuth): boolean
  /** Server-side defaults and overrides; returns the attributes and permissions to store. */
  prepareCreate?(ctx: TCreateContext): Promise<{ data: Record<string, unknown>; permissions: TPermission[] }>
  prepareUpdate?(ctx: TUpdateContext): TPreparedUpdate | Promise<TPreparedUpdate>
  /**
   * A collection whose documents are more than rows (a ticket is numbered, announced, analysed and its
   * changes logged) creates, changes and removes them through its own service rather than the generic
   * insert, update and delete.
   */
  writer?: TDocumentWriter
}
