import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3'
import { assertSafeKey, type TFileStorage } from './file-storage'
import { createHeldRemovals } from './held-removals'

export type TS3StorageOptions = {
  bucket: string
  /** An S3-compatible server (MinIO, R2, a local one); unset: AWS S3 in `region`. */
  endpoint: string | undefined
  region: string
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what MinIO and most others need. */
  forcePathStyle: boolean
  /** Unset: the AWS SDK's own chain (shared config and credentials files, a container or instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined
}

/**
 * Files as objects in one bucket, under the same keys as on disk, so every role on every machine reads
 * what any of them wrote.
 */
export function createS3FileStorage(options: TS3StorageOptions): TFileStorage {
  const { bucket } = options
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  })
  const removals = createHeldRemovals(async (key) => {
    assertSafeKey(key)
    // Deleting a key that is not there succeeds: a removal repeated after a crash is harmless.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
  })
  return {
    durableWrites: true,
    async write(key, content) {
      assertSafeKey(key)
      // One PutObject: S3 stores the whole object or nothing, and answers once it is durable, so a write
      // cut short leaves no partial object for a row to name.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: content, ContentLength: content.byteLength }),
      )
    },
    openRead(key) {
      assertSafeKey(key)
      // The routes want a stream at once; the request starts when it is first read, and a missing object
      // errors the stream as a missing file does on disk.
      return Readable.from(
        (async function* () {
          const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
          if (!(Body instanceof Readable)) throw new Error(`s3://${bucket}/${key}: no body`)
          yield* Body
        })(),
        { objectMode: false },
      )
    },
    remove: removals.remove,
    async *listKeys({ writtenBefore }) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < writtenBefore) yield object.Key
        }
      }
    },
    async removeLeftovers() {
      // Nothing to remove: a PutObject leaves no half-written object, and a bucket has no folders.
      return { partialWrites: 0, folders: 0 }
    },
    holdRemovals: removals.hold,
    async close() {
      client.destroy()
    },
  }
}
