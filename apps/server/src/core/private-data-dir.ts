import fs from 'node:fs'

/**
 * DATA_DIR holds the embedded database, every attachment and raw mail, and the key that seals IMAP
 * passwords: only the server's own user may enter it. Closing the folder itself also covers what an
 * older version, or a looser umask, created inside it.
 */
export function makeDataDirPrivate(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  fs.chmodSync(dataDir, 0o700)
}
