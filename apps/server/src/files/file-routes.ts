import { BucketId, ErrorType } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { compileQueries, parseQueryStrings } from '../documents/queries'
import { toFileModel } from './file-model'
import { FILE_ATTRIBUTES, findReadableFile, listReadableFiles, type TFileRow } from './file-repository'
import type { TFileStorage } from './file-storage'
import { contentDisposition, servedContentType } from './safe-content-type'

type TParams = { bucketId: string; fileId: string }

const BUCKETS = new Set<string>(Object.values(BucketId))
const BASE = '/v1/storage/buckets/:bucketId/files'

function assertBucket(bucketId: string): void {
  if (!BUCKETS.has(bucketId)) throw new AppError(ErrorType.storageBucketNotFound)
}

type TFileRoutesOptions = {
  storage: TFileStorage
  db: TDatabase
  /** Before a file's bytes are sent: makes sure they are whole (an attachment is rebuilt from its mail). */
  beforeRead?: (file: TFileRow) => Promise<unknown>
}

/** Sender-supplied bytes: never sniffed, never scripted, even when a browser opens them directly. */
async function sendFile(options: {
  reply: FastifyReply
  routes: TFileRoutesOptions
  file: TFileRow
  mode: 'download' | 'view'
}) {
  const { reply, file } = options
  await options.routes.beforeRead?.(file)
  const served = servedContentType(file.mimeType)
  const inline = options.mode === 'view' && served.isInlineSafe
  return reply
    .header('content-type', served.contentType)
    .header('content-length', String(file.sizeOriginal))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(options.routes.storage.openRead(file.storageKey))
}

/** Appwrite's storage routes for reading attachments: metadata, list, download and view. */
export function fileRoutes(options: TFileRoutesOptions) {
  const ctx = options
  return (app: FastifyInstance) => {
    const readable = async (params: TParams, roles: string[]) => {
      assertBucket(params.bucketId)
      const file = await findReadableFile(ctx.db, { ...params, roles })
      if (!file) throw new AppError(ErrorType.storageFileNotFound)
      return file
    }

    app.get<{ Params: { bucketId: string } }>(BASE, async (request) => {
      assertBucket(request.params.bucketId)
      const queries = parseQueryStrings((request.query as { queries?: unknown }).queries)
      const compiled = compileQueries(queries, FILE_ATTRIBUTES)
      if (compiled.cursor) throw AppError.invalidQuery('Invalid query: cursors are not supported on files')
      const { total, rows } = await listReadableFiles(ctx.db, {
        bucketId: request.params.bucketId,
        query: compiled,
        roles: request.auth.roles,
      })
      return { total, files: rows.map(toFileModel) }
    })

    app.get<{ Params: TParams }>(`${BASE}/:fileId`, async (request) =>
      toFileModel(await readable(request.params, request.auth.roles)),
    )

    app.get<{ Params: TParams }>(`${BASE}/:fileId/download`, async (request, reply) =>
      sendFile({
        reply,
        routes: options,
        file: await readable(request.params, request.auth.roles),
        mode: 'download',
      }),
    )

    app.get<{ Params: TParams }>(`${BASE}/:fileId/view`, async (request, reply) =>
      sendFile({
        reply,
        routes: options,
        file: await readable(request.params, request.auth.roles),
        mode: 'view',
      }),
    )
  }
}
