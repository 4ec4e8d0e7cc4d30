import type { z } from 'zod'
import { AppError } from './app-error'

/** A request's input as `schema` reads it, or a 400 naming the first wrong param, in Appwrite's words. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw AppError.invalid(
      `Invalid \`${String(issue?.path[0] ?? 'body')}\` param: ${issue?.message ?? 'invalid'}`,
    )
  }
  return parsed.data
}
