import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))

/** A file under ../shared/data beside the repo, and whether it is there (tests skip, saying why, when not). */
export function locateSharedData(options: { relativePath: string }): { path: string; isPresent: boolean } {
  const file = path.resolve(repoRoot, '../shared/data', options.relativePath)
  const isPresent = existsSync(file)
  if (!isPresent) console.warn(`skipping: ${file} is absent (the shared data folder sits beside the repo)`)
  return { path: file, isPresent }
}
