import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { ErrorType } from '@parsedesk/contracts'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/app-error'

const PROJECT_PLACEHOLDER = '%PARSEDESK_PROJECT_ID%'

/**
 * Serves the built web app at `/`; any other non-API path gets index.html so the client router decides
 * (including its 404 page). API paths that match no route answer in Appwrite's error shape.
 */
export async function registerSpa(app: FastifyInstance, options: { distDir: string; projectId: string }) {
  const { distDir } = options
  const indexPath = path.join(distDir, 'index.html')
  const hasBuild = fs.existsSync(indexPath)
  const indexHtml = hasBuild
    ? fs.readFileSync(indexPath, 'utf8').replaceAll(PROJECT_PLACEHOLDER, options.projectId)
    : ''

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      // Vite names assets by content hash, so they never change; everything else is revalidated.
      setHeaders: (res, filePath) =>
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        ),
    })
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/') || request.url === '/v1' || request.method !== 'GET') {
      throw new AppError(ErrorType.generalRouteNotFound)
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).')
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml)
  })
}
