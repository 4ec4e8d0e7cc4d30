import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export const TEST_BUCKET = 'parsedesk-files'
// s3rver checks signatures against this pair, its default.
const TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }

export type TTestS3 = {
  /** What a server needs in its environment to keep its files in the bucket. */
  env: Record<string, string>
  storageOptions: {
    bucket: string
    endpoint: string
    region: string
    forcePathStyle: boolean
    credentials: { accessKeyId: string; secretAccessKey: string }
  }
  /** Stops answering, as an S3 server that went down; `start` brings it back with what it held. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it for good and deletes what it held. */
  remove(): Promise<void>
}

/** A real S3-compatible server on a free local port, keeping its objects in a temporary folder. */
export async function startTestS3(): Promise<TTestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-s3-'))
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: TEST_BUCKET }],
    })
  let server: S3rver | undefined = make(0)
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    env: {
      STORAGE_URL: `s3://${TEST_BUCKET}?endpoint=${endpoint}&region=us-east-1`,
      ...TEST_CREDENTIALS,
    },
    storageOptions: {
      bucket: TEST_BUCKET,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: {
        accessKeyId: TEST_CREDENTIALS.AWS_ACCESS_KEY_ID,
        secretAccessKey: TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
      },
    },
    async stop() {
      await server?.close()
      server = undefined
    },
    async start() {
      // The same port, so the clients that knew the old one reach it again.
      server = make(port)
      await server.run()
    },
    async remove() {
      await server?.close()
      server = undefined
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
