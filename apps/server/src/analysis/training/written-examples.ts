import { type TDefaultCategoryKey, ZDefaultCategoryKey } from '@parsedesk/contracts'
import { z } from 'zod'
import { readFixture } from '../data/read-fixture'

const TextsByCategory = z.partialRecord(ZDefaultCategoryKey, z.array(z.string()))

/**
 * Training texts for the categories the public data sets barely cover (a software product's technical
 * problems, bugs, feature requests, privacy and legal requests, and mail that fits nowhere), and for the
 * software-subscription side of the others. Origin: written by hand for Parsedesk (2026-11); no text is
 * copied from a data set or from the evaluation emails (`evaluation/written-test-emails.ts`). Spam and
 * marketing has none on purpose: it is found before the model, from headers and wording, so the model
 * never learns to call a customer's mail spam. They are in
 * apps/server/fixtures/analysis/written-training-examples.json:
 * - `emails`: whole emails, greeting and sign-off included, for every category: mail is longer than the data
 *   sets' one-line requests, and the model must learn what the mail is about, not how long it is or how it
 *   opens;
 * - `texts`: short requests as the data sets hold them.
 * The order of categories and texts is the order they are trained in, so the default model is rebuilt byte for
 * byte.
 */
const WrittenTrainingExamples = z.strictObject({ emails: TextsByCategory, texts: TextsByCategory })

const { emails, texts } = readFixture('written-training-examples.json', WrittenTrainingExamples)

type TTextsByCategory = Readonly<Partial<Record<TDefaultCategoryKey, readonly string[]>>>

export const WRITTEN_EMAIL_EXAMPLES: TTextsByCategory = emails
export const WRITTEN_EXAMPLES: TTextsByCategory = texts
