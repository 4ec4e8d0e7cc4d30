import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readFixture } from './read-fixture'

describe('readFixture', () => {
  it('returns the file as its schema reads it', () => {
    const emails = readFixture('written-test-emails.json', z.array(z.object({ category: z.string() })))
    expect(emails.length).toBeGreaterThan(100)
  })

  it('fails naming the file and the entry that does not match', () => {
    const strayField = z.array(z.strictObject({ category: z.string(), subject: z.string() }))
    expect(() => readFixture('written-test-emails.json', strayField)).toThrow(
      /fixtures\/analysis\/written-test-emails\.json does not match its schema:[\s\S]*at \[0\]/,
    )
  })
})
