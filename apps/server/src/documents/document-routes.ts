import { DATABASE_ID, ErrorType } from '@parsedesk/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../core/app-error'
import type { TCollectionDefinition } from './collection'
import type { TDocumentService } from './document-service'

type TParams = { databaseId: string; collectionId: string; documentId?: string }
type TBody = { documentId?: unknown; data?: unknown; permissions?: unknown } | undefined

const BASE = '/v1/databases/:databaseId/collections/:collectionId/documents'

function bodyOf(request: FastifyRequest): NonNullable<TBody> {
  const body = request.body as TBody
  return body && typeof body === 'object' ? body : {}
}

/** The Appwrite documents routes, served from the collections the server declares. */
export type TDocumentRoutesDeps = {
  documents: TDocumentService
  collections: ReadonlyMap<string, TCollectionDefinition>
}

export const documentRoutes = (ctx: TDocumentRoutesDeps) => (app: FastifyInstance) => {
  const collectionOf = (params: TParams): TCollectionDefinition => {
    if (params.databaseId !== DATABASE_ID) throw new AppError(ErrorType.databaseNotFound)
    const def = ctx.collections.get(params.collectionId)
    if (!def) throw new AppError(ErrorType.collectionNotFound)
    return def
  }
  const queriesOf = (request: FastifyRequest) => (request.query as { queries?: unknown }).queries

  app.get<{ Params: TParams }>(BASE, async (request) =>
    ctx.documents.list(
      collectionOf(request.params),
      request.auth,
      queriesOf(request),
      (request.query as { total?: unknown }).total,
    ),
  )

  app.post<{ Params: TParams }>(BASE, async (request, reply) => {
    const body = bodyOf(request)
    const document = await ctx.documents.create(collectionOf(request.params), request.auth, {
      documentId: body.documentId,
      data: body.data,
      permissions: body.permissions,
      clientKey: request.ip,
    })
    return reply.code(201).send(document)
  })

  app.get<{ Params: Required<TParams> }>(`${BASE}/:documentId`, async (request) =>
    ctx.documents.get(
      collectionOf(request.params),
      request.auth,
      request.params.documentId,
      queriesOf(request),
    ),
  )

  app.put<{ Params: Required<TParams> }>(`${BASE}/:documentId`, async (request, reply) => {
    const body = bodyOf(request)
    const { created, document } = await ctx.documents.upsert(
      collectionOf(request.params),
      request.auth,
      request.params.documentId,
      { data: body.data, permissions: body.permissions, clientKey: request.ip },
    )
    return reply.code(created ? 201 : 200).send(document)
  })

  app.patch<{ Params: Required<TParams> }>(`${BASE}/:documentId`, async (request) => {
    const body = bodyOf(request)
    return ctx.documents.update(collectionOf(request.params), request.auth, request.params.documentId, {
      data: body.data,
      permissions: body.permissions,
    })
  })

  app.delete<{ Params: Required<TParams> }>(`${BASE}/:documentId`, async (request, reply) => {
    await ctx.documents.remove(collectionOf(request.params), request.auth, request.params.documentId)
    return reply.code(204).send()
  })
}
