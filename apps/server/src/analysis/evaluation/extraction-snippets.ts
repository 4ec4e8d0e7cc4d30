import { z } from 'zod'
import { readFixture } from '../data/read-fixture'

/**
 * Labelled snippets for the entity extraction (issue 12, item 5): 125 short support messages written by hand
 * for Parsedesk on 2026-11-25, in the style of the mail a helpdesk gets (English, with some German, French,
 * Spanish and Dutch), none copied from a data set. About a third are traps the extraction must not fall
 * into: postcodes, house numbers, "Article 17", counts ("after 3 days"), signatures and quoted replies.
 *
 * What each kind holds, as labelled here (values compared case-blind, spaces collapsed):
 * - orderNumbers, invoiceNumbers: the id as written after its word ("order 123456", "Rechnung RE-2024-0815");
 * - amounts: "value CURRENCY", the value as written ("1,299.99 USD", "49,90 EUR");
 * - products: a product with its version as written ("Outlook 2016", "iOS 17.4"), or "version X" when only the
 *   version is named; a product named without a version is not labelled (nothing to copy out);
 * - errorCodes: the code as written ("0x80070005", "ERR_CONNECTION_REFUSED", "503");
 * - dates: calendar dates as written ("March 3", "2024-05-01", "3. März 2024"); not "yesterday" or weekdays;
 * - people: someone the customer names in the message, with a title when written ("Mr. Smith"), never the
 *   sender's own name in the signature;
 * - companies: a company named in the message with its legal form ("Acme GmbH"), or a carrier, marketplace or
 *   payment provider by its name ("DHL"); never the sender's company in the signature.
 *
 * Signatures, quoted replies and forwarded history hold values of each kind that must not be found.
 *
 * The snippets are in apps/server/fixtures/analysis/extraction-snippets.json.
 */
export const EXTRACTION_KINDS = [
  'orderNumbers',
  'invoiceNumbers',
  'amounts',
  'products',
  'errorCodes',
  'dates',
  'people',
  'companies',
] as const

export type TExtractionKind = (typeof EXTRACTION_KINDS)[number]

const ExtractionSnippet = z.strictObject({
  subject: z.string(),
  body: z.string(),
  /** Every kind left out is expected empty. */
  expected: z.partialRecord(z.enum(EXTRACTION_KINDS), z.array(z.string())),
})

export type TExtractionSnippet = z.infer<typeof ExtractionSnippet>

export const EXTRACTION_SNIPPETS: readonly TExtractionSnippet[] = readFixture(
  'extraction-snippets.json',
  z.array(ExtractionSnippet),
)
