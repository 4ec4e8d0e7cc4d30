import { z } from 'zod'
import { readFixture } from '../data/read-fixture'
import { OTHER_LANGUAGE_CODES } from '../extract/detect-language'

/** A support mail in another language with the family of categories an agent would file it under. */
const FamilyTestEmail = z.strictObject({
  language: z.enum(OTHER_LANGUAGE_CODES),
  family: z.enum(['technical', 'billing', 'orders']),
  subject: z.string(),
  body: z.string(),
})

export type TFamilyTestEmail = z.infer<typeof FamilyTestEmail>

/**
 * A technical, a billing and an orders mail in each language besides English. Origin: written by hand for
 * Parsedesk (2026-11-28, issue 28) before the cross-language lexicon was written, by the hand that then
 * wrote it, so a friendly test; never trained on. In apps/server/fixtures/analysis/family-test-emails.json.
 */
export const FAMILY_TEST_EMAILS: readonly TFamilyTestEmail[] = readFixture(
  'family-test-emails.json',
  z.array(FamilyTestEmail),
)
