import type { Readable } from 'node:stream'

/** Where file bytes live, apart from the database; local disk by default, S3-compatible later. */
export type TFileStorage = {
  /** Resolves once the bytes are durable, so a row that names the key may be committed after it. */
  write(key: string, content: Uint8Array): Promise<void>
  openRead(key: string): Readable
  remove(key: string): Promise<void>
}
