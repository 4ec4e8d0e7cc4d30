import { createHash } from 'node:crypto'

/** sha256 of the exact bytes: the key that makes storing the same delivery twice a no-op. */
export function hashRawEmail(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex')
}
