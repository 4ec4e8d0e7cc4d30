import { RE2JS } from 're2js'

/**
 * Every pattern a user wrote runs through RE2 (linear time in the text, whatever the pattern): compiled
 * once per process and kept, since a workspace's few templates read every mail it receives.
 */
const COMPILED = new Map<string, RE2JS>()
const MAX_COMPILED = 2000

/**
 * `^` and `$` are a line's start and end, as a user reading a mail line by line expects; `.` stops at a
 * line's end. Throws RE2's reason for a pattern it refuses (the contract refuses those when saved).
 */
export function userPattern(source: string): RE2JS {
  const cached = COMPILED.get(source)
  if (cached) return cached
  const compiled = RE2JS.compile(source, RE2JS.MULTILINE)
  if (COMPILED.size >= MAX_COMPILED) COMPILED.clear()
  COMPILED.set(source, compiled)
  return compiled
}
