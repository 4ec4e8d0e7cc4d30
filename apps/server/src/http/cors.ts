import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import type { TConfig } from '../config/config'

const SDK_HEADERS = [
  'content-type',
  'content-range',
  'x-appwrite-id',
  'x-appwrite-project',
  'x-appwrite-response-format',
  'x-appwrite-session',
  'x-appwrite-jwt',
  'x-fallback-cookies',
  'x-sdk-name',
  'x-sdk-platform',
  'x-sdk-language',
  'x-sdk-version',
  'x-sdk-graphql',
  'accept',
  'origin',
  'cache-control',
  'x-requested-with',
]

/** Only the product's own origin and those listed in CORS_ORIGINS may call with credentials. */
export async function registerCors(app: FastifyInstance, config: TConfig) {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins])
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined ? false : allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: SDK_HEADERS,
    exposedHeaders: ['X-Fallback-Cookies'],
    maxAge: 86_400,
  })
}
