import type { TConfig } from '../config/config'
import type { TFileStorage } from './file-storage'
import { createLocalFileStorage } from './local-file-storage'
import { createS3FileStorage } from './s3-file-storage'

/** The one place the configured storage is made; everything else is handed a `TFileStorage`. */
export function openFileStorage(storage: TConfig['storage']): TFileStorage {
  return storage.kind === 's3' ? createS3FileStorage(storage) : createLocalFileStorage({ dir: storage.dir })
}
