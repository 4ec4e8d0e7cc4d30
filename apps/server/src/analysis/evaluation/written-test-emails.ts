import { ZDefaultCategoryKey } from '@parsedesk/contracts'
import { z } from 'zod'
import { readFixture } from '../data/read-fixture'

const LabelledEmail = z.strictObject({ category: ZDefaultCategoryKey, subject: z.string(), body: z.string() })

export type TLabelledEmail = z.infer<typeof LabelledEmail>

/**
 * Support emails as customers of a software or services company write them, each with the category an
 * agent would file it under. Origin: written by hand for Parsedesk (2026-11), in the style of real
 * support mail (greetings, signatures, several topics in one mail, typos), to measure how often the
 * default model finds a category on mail like this. Never trained on: the training examples
 * (`training/written-examples.ts`) were written separately, and no text is shared between the two.
 * Spam and marketing is not here: it is found before the model (`spam/detect-spam.ts`). They are in
 * apps/server/fixtures/analysis/written-test-emails.json.
 */
export const WRITTEN_TEST_EMAILS: readonly TLabelledEmail[] = readFixture(
  'written-test-emails.json',
  z.array(LabelledEmail),
)
