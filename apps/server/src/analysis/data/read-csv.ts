import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'

export type ReadCsvOptions = { path: string }

/** Reads a CSV with a header row into records keyed by column name; quoted multi-line fields are kept whole. */
export async function readCsv(options: ReadCsvOptions): Promise<Record<string, string>[]> {
  const content = await readFile(options.path, 'utf8')
  return parse(content, {
    columns: true,
    skip_empty_lines: true,
    bom: true,
    relax_column_count: true,
  }) as Record<string, string>[]
}
