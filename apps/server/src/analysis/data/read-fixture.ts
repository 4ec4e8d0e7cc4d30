import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** The texts written for Parsedesk to train and measure the analysis on: data, so kept out of the sources. */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/analysis/', import.meta.url))

/** One JSON file of FIXTURES_DIR, checked against `schema` on load: a wrong entry fails, naming file and place. */
export function readFixture<TSchema extends z.ZodType>(name: string, schema: TSchema): z.output<TSchema> {
  const file = path.join(FIXTURES_DIR, name)
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`${file} does not match its schema:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
}
