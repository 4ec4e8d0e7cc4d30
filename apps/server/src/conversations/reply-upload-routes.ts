import crypto from 'node:crypto'
import multipart from '@fastify/multipart'
import {
  BucketId,
  CUSTOM_ID_PATTERN,
  ErrorType,
  ReplyLimits,
  ReplyMessages,
  uniqueId,
} from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { toFileModel } from '../files/file-model'
import type { TFileRow } from '../files/file-repository'
import type { TFileStorage } from '../files/file-storage'

const FIELDS = new Set(['fileId', 'file'])

/** `bytes 0-5242879/7340032`: the SDK's chunk of a file larger than one request. */
function totalOfRange(header: string | undefined): number | undefined {
  const total = header && /^bytes \d+-\d+\/(\d+)$/.exec(header.trim())?.[1]
  return total ? Number(total) : undefined
}

/** The upload's name as a mail part carries it: one line, no path, bounded. */
function cleanName(name: string): string {
  const base = [...name.replace(/^.*[\\/]/, '')].filter((char) => char >= ' ' && char !== '\u007f').join('')
  return base.slice(0, ReplyLimits.attachmentName) || 'attachment'
}

/**
 * POST /v1/storage/buckets/attachments/files (the SDK's `storage.createFile`): a member uploads a file to
 * send with a reply. It is theirs alone (read by them, no ticket) until a reply attaches it, which links it
 * to the ticket and its workspace. One request per file, at most `ReplyLimits.attachmentBytes`: the SDK
 * splits a larger file into chunks, and its first chunk names the whole size, refused here. A member
 * holds at most `ReplyLimits.unsentUploads` unsent at once; the hourly sweep removes those never sent.
 * Decision 016.
 */
export function replyUploadRoutes(options: { db: TDatabase; storage: TFileStorage }) {
  const { db, storage } = options
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart)
      scope.post<{ Params: { bucketId: string } }>(
        '/v1/storage/buckets/:bucketId/files',
        async (request, reply) => {
          const { auth } = request
          if (auth.kind !== 'user') throw AppError.forbidden()
          if (request.params.bucketId !== BucketId.attachments)
            throw new AppError(ErrorType.storageBucketNotFound)
          const total = totalOfRange(request.headers['content-range'])
          if (total !== undefined && total > ReplyLimits.attachmentBytes)
            throw AppError.invalid(ReplyMessages.fileTooLarge)
          // Unsent uploads past their hours are the sweep's, so they no longer hold a member back.
          const { rows: counted } = await db.query<{ today: number; unsent: number }>(
            `select count(*) filter (where created_at > now() - interval '1 day')::int as today,
               count(*) filter (where "ticketId" is null
                 and created_at > now() - make_interval(hours => $2::int))::int as unsent
             from files where "uploadedBy" = $1`,
            [auth.user.id, ReplyLimits.unsentUploadHours],
          )
          if ((counted[0]?.today ?? 0) >= ReplyLimits.uploadsPerDay)
            throw AppError.rateLimited(ReplyMessages.tooManyUploads)
          if ((counted[0]?.unsent ?? 0) >= ReplyLimits.unsentUploads)
            throw AppError.rateLimited(ReplyMessages.tooManyUnsentUploads)
          const upload = await readUpload(request)
          const id = upload.fileId === 'unique()' ? uniqueId() : upload.fileId
          // A key of its own, so an upload under an id already taken cannot overwrite that file's bytes.
          const storageKey = `uploads/${crypto.randomUUID()}`
          await storage.write(storageKey, upload.content)
          const { rows } = await db.query<TFileRow>(
            `insert into files (id, permissions, read_roles, "bucketId", "name", "mimeType", "sizeOriginal",
               "signature", "storageKey", "disposition", "uploadedBy")
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'attachment', $10)
             on conflict (id) do nothing returning *`,
            [
              id,
              [`read("user:${auth.user.id}")`],
              [`user:${auth.user.id}`],
              BucketId.attachments,
              upload.name,
              upload.mimeType,
              upload.content.length,
              crypto.createHash('md5').update(upload.content).digest('hex'),
              storageKey,
              auth.user.id,
            ],
          )
          const row = rows[0]
          if (!row) {
            await storage.remove(storageKey)
            throw new AppError(ErrorType.documentAlreadyExists, 'A file with this id already exists.')
          }
          return reply.code(201).send(toFileModel(row))
        },
      )
    })
  }
}

type TUpload = { fileId: string; name: string; mimeType: string; content: Buffer }

/** The form's `fileId` and `file`, the file within its limit; anything else is refused by name. */
async function readUpload(request: FastifyRequest): Promise<TUpload> {
  if (!request.isMultipart()) throw AppError.invalid(ReplyMessages.fileMissing)
  let fileId: string | undefined
  let file: Omit<TUpload, 'fileId'> | undefined
  const parts = request.parts({
    limits: { fileSize: ReplyLimits.attachmentBytes, files: 1, fields: 4, parts: 5, fieldSize: 1000 },
  })
  for await (const part of parts) {
    if (!FIELDS.has(part.fieldname))
      throw AppError.invalid(
        part.fieldname.startsWith('permissions')
          ? 'An upload is readable by its uploader until a reply sends it: permissions are not taken'
          : `Unknown parameter: "${part.fieldname}"`,
      )
    if (part.type === 'file') {
      const content = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw AppError.invalid(ReplyMessages.fileTooLarge)
        throw error
      })
      file = {
        name: cleanName(part.filename),
        mimeType: part.mimetype.slice(0, 255) || 'application/octet-stream',
        content,
      }
    } else {
      fileId = String(part.value)
    }
  }
  if (!file) throw AppError.invalid(ReplyMessages.fileMissing)
  if (fileId === undefined || (fileId !== 'unique()' && !CUSTOM_ID_PATTERN.test(fileId)))
    throw AppError.invalid(
      'Invalid `fileId` param: at most 36 chars of a-z, A-Z, 0-9, period, hyphen and underscore, or unique()',
    )
  return { fileId, ...file }
}
