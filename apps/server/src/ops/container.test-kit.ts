import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

export type TDockerInstruction = { keyword: string; args: string }

export type TDockerfile = {
  /** Every stage's instructions, in order; the last stage is the image. */
  stages: TDockerInstruction[][]
  /** The image's: its last stage's ENV, USER, CMD and HEALTHCHECK command (exec form). */
  env: Record<string, string>
  user: string | undefined
  cmd: string[]
  healthcheck: string[]
}

/**
 * The Dockerfile read as Docker reads it (comments dropped, `\` continuations joined), so the tests that
 * stand in for building it run its own CMD and HEALTHCHECK, not a copy that could drift.
 */
export function readDockerfile(file = path.join(REPO_ROOT, 'Dockerfile')): TDockerfile {
  const joined = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
  const stages: TDockerInstruction[][] = []
  for (const line of joined.split('\n')) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line)
    if (!match) continue
    const [, keyword = '', args = ''] = match
    if (keyword === 'FROM') stages.push([])
    stages.at(-1)?.push({ keyword, args: args.trim() })
  }
  const image = stages.at(-1) ?? []
  const last = (keyword: string) => image.filter((i) => i.keyword === keyword).at(-1)?.args
  const env: Record<string, string> = {}
  for (const instruction of image.filter((i) => i.keyword === 'ENV')) {
    for (const [, name = '', value = ''] of instruction.args.matchAll(/(\w+)=(\S+)/g)) env[name] = value
  }
  const execForm = (args: string | undefined) => JSON.parse(args ?? '[]') as string[]
  const healthcheck = last('HEALTHCHECK') ?? ''
  return {
    stages,
    env,
    user: last('USER'),
    cmd: execForm(last('CMD')),
    healthcheck: execForm(healthcheck.slice(healthcheck.indexOf('CMD ') + 'CMD '.length)),
  }
}

export type TComposeService = {
  image?: string
  build?: unknown
  command?: string[]
  environment?: Record<string, string>
  ports?: string[]
  expose?: string[]
  container_name?: string
  healthcheck?: { test?: string[]; disable?: boolean }
  depends_on?: Record<string, { condition: string }>
  volumes?: string[]
}

/** compose.yaml as Compose reads it: YAML with its anchors and merge keys (`<<`) resolved. */
export function readCompose(file = path.join(REPO_ROOT, 'compose.yaml')): {
  services: Record<string, TComposeService>
  volumes: Record<string, unknown>
} {
  return parse(fs.readFileSync(file, 'utf8'), { merge: true })
}
