import { z } from 'zod'
import { readFixture } from '../data/read-fixture'

/** A spam mail as it reaches the desk without bulk headers, with its language and kind. */
const SpamTestEmail = z.strictObject({
  language: z.enum(['en', 'de', 'fr', 'es', 'pt', 'it', 'nl']),
  kind: z.enum(['phishing', 'cold-sales', 'bulk']),
  subject: z.string(),
  body: z.string(),
})

export type TSpamTestEmail = z.infer<typeof SpamTestEmail>

/**
 * A phishing, a cold-sales and a bulk mail (prize, crypto, webinar, fake overdue invoice) in each of seven
 * languages. Origin: written by hand for Parsedesk (2026-11-28, issue 28) before the wording rules of
 * spam/scam-wording.ts, by the hand that then wrote them, so a friendly test. In
 * apps/server/fixtures/analysis/spam-test-emails.json.
 */
export const SPAM_TEST_EMAILS: readonly TSpamTestEmail[] = readFixture(
  'spam-test-emails.json',
  z.array(SpamTestEmail),
)
