import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TDatabase, TQueryable } from './database'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
// Any number of processes may start at once against one Postgres; one of them migrates at a time.
const MIGRATION_LOCK_KEY = 72_110_041

function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort()
}

/**
 * Applies every `migrations/NNN-name.sql` not applied yet, in name order, in one transaction. `before`
 * stops short of the migration of that number, so a test can lay down data as an older version left it.
 */
export async function migrate(db: TDatabase, options: { before?: string } = {}): Promise<string[]> {
  const { before } = options
  const files = migrationFiles().filter((file) => before === undefined || file < before)
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.query(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    )
    const { rows } = await tx.query<{ id: string }>('select id from schema_migrations')
    const applied = new Set(rows.map((r) => r.id))
    const fresh = files.filter((f) => !applied.has(f))
    for (const file of fresh) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
      for (const statement of splitStatements(sql)) await tx.query(statement)
      await tx.query('insert into schema_migrations (id) values ($1)', [file])
    }
    return fresh
  })
}

/** The migrations this version has that the database lacks (another process restored or reset it). */
export async function pendingMigrations(db: TQueryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from schema_migrations')
  const applied = new Set(rows.map((row) => row.id))
  return migrationFiles().filter((file) => !applied.has(file))
}

/**
 * Our migration files keep one statement per `;`-terminated paragraph and no `;` at a line's end inside
 * a statement, except in a dollar-quoted body (a function's `$$ ... $$`), which is never split.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  for (const [index, piece] of sql.split('$$').entries()) {
    if (index % 2 === 1) {
      current += `$$${piece}$$`
      continue
    }
    const [first = '', ...rest] = piece.split(/;\s*\n/)
    current += first
    for (const next of rest) {
      statements.push(current)
      current = next
    }
  }
  statements.push(current)
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)
}
