import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { AppError } from './app-error'

/**
 * A refused request's first issue in the words the handlers used before Fastify validated (decision
 * 058): the clients and the tests read "Invalid `url` param: ...", and the refusal stays an AppError so
 * the error handler answers it in Appwrite's shape with the same 400.
 */
const appwriteWords = (errors: FastifySchemaValidationError[]): Error => {
  const first = errors[0]
  const param = first?.instancePath.split('/')[1] || 'body'
  return AppError.invalid(`Invalid \`${param}\` param: ${first?.message ?? 'invalid'}`)
}

/**
 * Spread into a route's options beside `schema: { body, params, querystring }` of zod schemas. Per route,
 * not on the instance: routes mounted on the same app without zod schemas keep Fastify's own compiler.
 */
export const zodValidation = {
  validatorCompiler: validatorCompiler as FastifySchemaCompiler<unknown>,
  schemaErrorFormatter: appwriteWords,
}

/** The app whose routes read `request.body`, `params` and `query` typed from their zod schemas. */
export const withZodSchemas = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>()

type TRouteSchemas = { body?: z.ZodType; params?: z.ZodType; querystring?: z.ZodType }

/**
 * A route's options for its zod schemas. `caller` runs before validation (a `preValidation` hook): a
 * guest refused there gets its 401, never a 400 that tells it what the route takes.
 */
export function validated<S extends TRouteSchemas>(schema: S, caller?: (request: FastifyRequest) => unknown) {
  return {
    schema,
    ...zodValidation,
    ...(caller
      ? {
          preValidation: async (request: FastifyRequest) => {
            caller(request)
          },
        }
      : {}),
  }
}
