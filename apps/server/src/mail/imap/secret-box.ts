import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const ALGORITHM = 'aes-256-gcm'
const IV_BYTES = 12
const TAG_BYTES = 16
const VERSION = 'v1'
const KEY_FILE = 'secret.key'

/** Seals short secrets (IMAP passwords) for storage; only this server's key opens them again. */
export type TSecretBox = {
  seal(plaintext: string): string
  open(sealed: string): string
}

export type TLoadSecretKeyOptions = { secretKey: string | undefined; dataDir: string }

/**
 * SECRET_KEY when set (any length: it is hashed to 32 bytes), else a random key made once under DATA_DIR
 * with mode 0600. Several processes may start at once: the first to create the file wins, the rest read it.
 */
export function loadSecretKey(options: TLoadSecretKeyOptions): Buffer {
  if (options.secretKey) return crypto.createHash('sha256').update(options.secretKey, 'utf8').digest()
  const file = path.join(options.dataDir, KEY_FILE)
  fs.mkdirSync(options.dataDir, { recursive: true })
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`)
  return key
}

/** AES-256-GCM: `v1:<base64 iv|tag|ciphertext>`; a tampered or foreign value fails to open. */
export function createSecretBox(key: Buffer): TSecretBox {
  return {
    seal(plaintext) {
      const iv = crypto.randomBytes(IV_BYTES)
      const cipher = crypto.createCipheriv(ALGORITHM, key, iv)
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`
    },
    open(sealed) {
      const [version, body] = sealed.split(':')
      if (version !== VERSION || !body) throw new Error('not a sealed secret')
      const bytes = Buffer.from(body, 'base64')
      const decipher = crypto.createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES))
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
