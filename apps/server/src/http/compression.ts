import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Brotli's default quality (11) costs tens of milliseconds per hundred kilobytes, on every answer: 5
 * gives most of its gain on JSON and scripts at a few percent of the time.
 */
const BROTLI_QUALITY = 5

/**
 * For a download of megabytes (the reports' CSV): brotli 1 and gzip 1. On 10 MB of CSV brotli 5 took 184 ms
 * and 1 took 34 ms for 4% more bytes; gzip 6 took 84 ms and 1 took 37 ms.
 */
export const DOWNLOAD_COMPRESSION = {
  // A route's options replace the global ones whole: without its own list it would offer deflate too.
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
}

/**
 * API answers and the web app's files go out compressed (brotli, else gzip, as the client accepts).
 * The realtime socket is not touched: an upgraded request sends no reply body for the plugin to see,
 * and frames are not HTTP answers.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  })
}
