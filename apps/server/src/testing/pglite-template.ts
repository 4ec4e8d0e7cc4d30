import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../db/open-database'

const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url))

/**
 * Seeds `dataDir` with a migrated PGlite database, as the server keeps it (`<dataDir>/pglite`).
 *
 * A fresh PGlite runs initdb, which takes 4-5 s on a two-core machine: paid by every test server, it was
 * a third of the suites' time. A copy of a directory made once takes half a second. The template is kept
 * in the temp folder under a name made of the PGlite version and the migrations, so any change to either
 * makes a new one; the server's own migration run then finds nothing to do.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const template = await migratedTemplate()
  const target = path.join(dataDir, 'pglite')
  fs.cpSync(template, target, { recursive: true })
  // As the server makes it under its own umask (main.ts), not as this test process's umask left it.
  fs.chmodSync(target, 0o700)
}

async function migratedTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `parsedesk-pglite-template-${templateKey()}`)
  if (fs.existsSync(template)) return template
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-pglite-building-'))
  // A template is copied, never kept: no sync per commit (decision 030).
  const db = await openDatabase({ dataDir: building, sync: false, pgliteThread: 'main' })
  await db.close()
  try {
    fs.renameSync(path.join(building, 'pglite'), template)
  } catch (error) {
    // Another test process built the same template meanwhile: theirs is as good as ours.
    if (!fs.existsSync(template)) throw error
  }
  fs.rmSync(building, { recursive: true, force: true })
  return template
}

function templateKey(): string {
  const hash = crypto.createHash('sha256')
  // The package does not export its package.json; its entry point sits in dist/, one below it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest = path.join(path.dirname(entry), '..', 'package.json')
  hash.update((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version)
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file)
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)))
  }
  return hash.digest('hex').slice(0, 16)
}
