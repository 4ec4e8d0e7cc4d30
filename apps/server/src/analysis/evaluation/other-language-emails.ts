import { TICKET_PRIORITIES } from '@parsedesk/contracts'
import { z } from 'zod'
import { readFixture } from '../data/read-fixture'
import { OTHER_LANGUAGE_CODES } from '../extract/detect-language'

/** A short support mail in another language, with what an agent reading it would expect of the analysis. */
const OtherLanguageEmail = z.strictObject({
  language: z.enum(OTHER_LANGUAGE_CODES),
  subject: z.string(),
  body: z.string(),
  /** The first sentence after the greeting, as written. */
  summary: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  /** The priority rules the mail's own words must set off. */
  rules: z.array(z.string()),
})

export type TOtherLanguageEmail = z.infer<typeof OtherLanguageEmail>

/**
 * Four mails in each language the analysis reads besides English: an outage asked to be fixed urgently,
 * a security problem, a wrong payment and a question that can wait, each opening with the greeting and
 * closing with the sign-off customers use in that language. Origin: written by hand for Parsedesk
 * (2026-11-25) in the style of real support mail; not taken from any data set, never trained on. They are in
 * apps/server/fixtures/analysis/other-language-emails.json.
 */
export const OTHER_LANGUAGE_EMAILS: readonly TOtherLanguageEmail[] = readFixture(
  'other-language-emails.json',
  z.array(OtherLanguageEmail),
)
