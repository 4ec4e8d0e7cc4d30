import type { Readable } from 'node:stream'

/** Where file bytes live, apart from the database: local disk by default, or an S3-compatible bucket. */
export type TFileStorage = {
  /**
   * Resolves once the bytes are durable, so a row that names the key may be committed after it. With
   * `rebuildable`, the caller keeps a durable source it can write them again from (an attachment's raw
   * mail): the local disk is then not waited on, and a crash of the machine may leave the file missing,
   * empty or short until it is rebuilt (decision 033). S3 stores every object durably either way.
   */
  write(key: string, content: Uint8Array, options?: { rebuildable?: boolean }): Promise<void>
  /** Every write is durable once it resolves, rebuildable or not: what was written needs no check. */
  readonly durableWrites: boolean
  openRead(key: string): Readable
  /** Removes the bytes; while removals are held (a backup copying them), they wait for the release. */
  remove(key: string): Promise<void>
  /**
   * Every key whose bytes were written before `writtenBefore`: the retention sweep removes those no row
   * names, and a backup copies them all. Newer keys may be left out (their row may not be committed yet).
   */
  listKeys(options: { writtenBefore: Date }): AsyncIterable<string>
  /**
   * Removes what the storage itself leaves behind, untouched since `changedBefore`: the half-written copy
   * of a write a crash cut short, and folders left empty. Resolves with how many of each.
   */
  removeLeftovers(options: { changedBefore: Date }): Promise<{ partialWrites: number; folders: number }>
  /**
   * Until the returned release is called, removals wait (and empty folders stay): a copy of every file,
   * taken after the database's snapshot, then holds the bytes of every row in it.
   */
  holdRemovals(): () => Promise<void>
  /** Lets go of what the storage holds open (an S3 client's connections), once the server has stopped. */
  close(): Promise<void>
}

const SAFE_KEY = /^[a-zA-Z0-9._-]+(\/[a-zA-Z0-9._-]+)*$/

/** Keys are server-made; checked anyway, so none escapes its folder or its bucket's prefix. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`unsafe storage key: ${key}`)
}
