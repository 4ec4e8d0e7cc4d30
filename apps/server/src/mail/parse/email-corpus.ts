import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type TCorpusEntry = {
  /** Path relative to the corpus root, as MANIFEST.csv names it. */
  file: string
  absolutePath: string
  /** MANIFEST's `kind`: `rfc822`, or another format that must be rejected cleanly. */
  kind: string
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..')

/** The shared corpus of real messages, read where it lies (never copied into the repo). */
export const EMAIL_CORPUS_DIR = path.resolve(REPO_ROOT, '../shared/data/emails')

export function hasEmailCorpus(): boolean {
  return existsSync(path.join(EMAIL_CORPUS_DIR, 'MANIFEST.csv'))
}

function readManifestKinds(): Map<string, string> {
  const kinds = new Map<string, string>()
  const [header, ...rows] = readFileSync(path.join(EMAIL_CORPUS_DIR, 'MANIFEST.csv'), 'utf8')
    .trim()
    .split('\n')
  const columns = (header ?? '').split(',')
  const fileColumn = columns.indexOf('file')
  const kindColumn = columns.indexOf('kind')
  for (const row of rows) {
    // The first columns (file, bytes, sha256, kind) never hold commas, so a plain split is enough.
    const cells = row.split(',')
    kinds.set(cells[fileColumn] ?? '', cells[kindColumn] ?? '')
  }
  return kinds
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

/** Every file under the corpus except the manifest, sorted, with the kind MANIFEST gives it. */
export function listEmailCorpus(): TCorpusEntry[] {
  const kinds = readManifestKinds()
  return walk(EMAIL_CORPUS_DIR)
    .map((absolutePath) => path.relative(EMAIL_CORPUS_DIR, absolutePath).split(path.sep).join('/'))
    .filter((file) => file !== 'MANIFEST.csv')
    .sort()
    .map((file) => ({
      file,
      absolutePath: path.join(EMAIL_CORPUS_DIR, file),
      kind: kinds.get(file) ?? 'unlisted',
    }))
}
