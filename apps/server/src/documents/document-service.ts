import { CUSTOM_ID_PATTERN, ErrorType, QueryMessages, uniqueId } from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { LIST_STATEMENT_TIMEOUT_MS } from '../config/config'
import { AppError } from '../core/app-error'
import { isStatementTimeout, withBoundedStatements } from '../db/bounded-statements'
import type { TDatabase } from '../db/database'
import type { TEventBus } from '../realtime/event-bus'
import type { TCollectionDefinition, TDocumentRow } from './collection'
import { type TDocumentModel, toDocumentModel } from './document-model'
import {
  deleteDocument,
  findDocument,
  insertDocument,
  listDocuments,
  type TReader,
  updateDocument,
  weighDocument,
} from './document-repository'
import { createListGate, type TListGate } from './list-gate'
import { assertGrantable, isAllowed, parsePermissions } from './permissions'
import { publishDocumentEvent } from './publish-document-event'
import { compileQueries, parseQueryStrings } from './queries'
import { createReadBudget, type TReadBudget } from './read-budget'

export type TDocumentServiceDeps = {
  db: TDatabase
  bus: TEventBus
  readBudget?: TReadBudget
  listGate?: TListGate
  listStatementTimeoutMs?: number
}

function parseData(schema: z.ZodType<Record<string, unknown>>, data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw AppError.invalidStructure('data must be an object')
  }
  const result = schema.safeParse(data)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const where = issue.path.length ? `Attribute "${issue.path.join('.')}" ` : ''
    throw AppError.invalidStructure(
      issue.code === 'unrecognized_keys'
        ? `Unknown attribute: "${issue.keys.map((key) => [...issue.path, key].join('.')).join('", "')}"`
        : `${where}${issue.message}`,
    )
  }
  return result.data
}

function resolveId(documentId: unknown): string {
  if (documentId === 'unique()') return uniqueId()
  if (typeof documentId !== 'string' || !CUSTOM_ID_PATTERN.test(documentId)) {
    throw AppError.invalid(
      "Invalid `documentId` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
    )
  }
  return documentId
}

function assertCollectionReadable(def: TCollectionDefinition, auth: TAuth): void {
  if (!def.canRead(auth)) throw AppError.forbidden()
}

export function createDocumentService(deps: TDocumentServiceDeps) {
  const { db, bus } = deps
  const readBudget = deps.readBudget ?? createReadBudget()
  const listGate = deps.listGate ?? createListGate()
  const listTimeoutMs = deps.listStatementTimeoutMs ?? LIST_STATEMENT_TIMEOUT_MS

  const publish = (def: TCollectionDefinition, action: 'create' | 'update' | 'delete', row: TDocumentRow) =>
    publishDocumentEvent({ bus, def, action, row })

  async function findReadable(def: TCollectionDefinition, auth: TAuth, id: string): Promise<TDocumentRow> {
    assertCollectionReadable(def, auth)
    const row = await findDocument(db, def, id)
    // An unreadable document is reported as missing, so ids of other users' documents leak nothing.
    if (!row || !isAllowed(row.permissions, 'read', auth.roles)) throw AppError.documentNotFound()
    return row
  }

  const readerOf = (auth: TAuth): TReader => ({
    roles: auth.roles,
  })

  /** Charges what a reader is sent to their budget (guests read nothing big: no collection lets them list). */
  const spendFor = (auth: TAuth) => (bytes: number) => {
    if (auth.kind === 'user') readBudget.spend(auth.user.id, bytes)
  }

  return {
    async list(def: TCollectionDefinition, auth: TAuth, rawQueries: unknown, rawTotal?: unknown) {
      assertCollectionReadable(def, auth)
      const compiled = compileQueries(parseQueryStrings(rawQueries), def.attributes, def.fullText)
      const reader = { ...readerOf(auth), spend: spendFor(auth) }
      const withTotal = parseTotalFlag(rawTotal)
      const read = () =>
        withBoundedStatements(db, listTimeoutMs, (q) =>
          listDocuments(q, def, compiled, reader, withTotal),
        ).catch((error: unknown) => {
          if (isStatementTimeout(error)) throw new AppError(ErrorType.databaseTimeout, QueryMessages.timedOut)
          throw error
        })
      const { total, rows } = await (auth.kind === 'user' ? listGate.run(auth.user.id, read) : read())
      return { total, documents: rows.map((row) => toDocumentModel(def, row, compiled.select)) }
    },

    async get(
      def: TCollectionDefinition,
      auth: TAuth,
      id: string,
      rawQueries: unknown,
    ): Promise<TDocumentModel> {
      const compiled = compileQueries(parseQueryStrings(rawQueries), def.attributes, def.fullText)
      // Weighed and charged before it is read, so readers at once cannot all slip under the budget.
      assertCollectionReadable(def, auth)
      spendFor(auth)(await weighDocument(db, def, id, readerOf(auth)))
      return toDocumentModel(def, await findReadable(def, auth, id), compiled.select)
    },

    async create(
      def: TCollectionDefinition,
      auth: TAuth,
      input: { documentId: unknown; data: unknown; permissions?: unknown; clientKey: string },
    ): Promise<TDocumentModel> {
      if (!def.canCreate(auth)) throw AppError.forbidden()
      const id = resolveId(input.documentId)
      const data = parseData(def.createSchema, input.data)
      const permissions =
        input.permissions === undefined || input.permissions === null
          ? undefined
          : parsePermissions(input.permissions)
      if (permissions) assertGrantable(permissions, auth.roles)
      if (def.writer) return toDocumentModel(def, await def.writer.create({ auth, id, data, permissions }))
      const prepare = def.prepareCreate
      if (!prepare) throw AppError.forbidden()
      const row = await db.transaction(async (tx) => {
        const prepared = await prepare({ auth, data, permissions, clientKey: input.clientKey, tx })
        return insertDocument(tx, def, { id, data: prepared.data, permissions: prepared.permissions })
      })
      await publish(def, 'create', row)
      return toDocumentModel(def, row)
    },

    async update(
      def: TCollectionDefinition,
      auth: TAuth,
      id: string,
      input: { data?: unknown; permissions?: unknown },
    ): Promise<TDocumentModel> {
      const existing = await findReadable(def, auth, id)
      if (!isAllowed(existing.permissions, 'update', auth.roles)) throw AppError.forbidden()
      const data = input.data === undefined ? {} : parseData(def.updateSchema, input.data)
      let permissions =
        input.permissions === undefined || input.permissions === null
          ? undefined
          : parsePermissions(input.permissions)
      if (permissions) assertGrantable(permissions, auth.roles)
      let values = data
      if (def.prepareUpdate)
        ({ data: values, permissions } = await def.prepareUpdate({ auth, existing, data, permissions }))
      if (def.writer) {
        return toDocumentModel(def, await def.writer.update({ auth, existing, data: values, permissions }))
      }
      const row = await updateDocument(db, def, { id, data: values, permissions })
      if (!row) throw AppError.documentNotFound()
      await publish(def, 'update', row)
      return toDocumentModel(def, row)
    },

    /** PUT: update the document if it exists, else create it with that id. */
    async upsert(
      def: TCollectionDefinition,
      auth: TAuth,
      id: string,
      input: { data?: unknown; permissions?: unknown; clientKey: string },
    ): Promise<{ created: boolean; document: TDocumentModel }> {
      assertCollectionReadable(def, auth)
      const existing = await findDocument(db, def, id)
      // Ids are global and chosen by clients, as in Appwrite: an id someone else holds is taken, and is
      // answered exactly as POST answers a taken id; that document is neither changed nor shown.
      if (existing && !isAllowed(existing.permissions, 'read', auth.roles)) {
        throw new AppError(ErrorType.documentAlreadyExists)
      }
      if (existing) return { created: false, document: await this.update(def, auth, id, input) }
      return {
        created: true,
        document: await this.create(def, auth, {
          documentId: id,
          data: input.data ?? {},
          permissions: input.permissions,
          clientKey: input.clientKey,
        }),
      }
    },

    async remove(def: TCollectionDefinition, auth: TAuth, id: string): Promise<void> {
      const existing = await findReadable(def, auth, id)
      if (!isAllowed(existing.permissions, 'delete', auth.roles)) throw AppError.forbidden()
      const row = def.writer ? await def.writer.remove(existing) : await deleteDocument(db, def, id)
      if (!row) throw AppError.documentNotFound()
      if (!def.writer) await publish(def, 'delete', row)
    },
  }
}

export type TDocumentService = ReturnType<typeof createDocumentService>

/** The list's `total` parameter as the SDK sends it (`total=false` skips the count); counted by default. */
function parseTotalFlag(raw: unknown): boolean {
  if (raw === undefined || raw === 'true' || raw === true) return true
  if (raw === 'false' || raw === false) return false
  throw AppError.invalidQuery('Invalid total: true or false')
}
