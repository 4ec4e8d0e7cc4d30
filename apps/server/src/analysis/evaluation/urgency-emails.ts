import { TICKET_PRIORITIES } from '@parsedesk/contracts'
import { z } from 'zod'
import { readFixture } from '../data/read-fixture'
import { OTHER_LANGUAGE_CODES } from '../extract/detect-language'

/** A support mail with the priority an agent would give it, and why, as its writer put it. */
const UrgencyEmail = z.strictObject({
  language: z.enum(['en', ...OTHER_LANGUAGE_CODES]),
  subject: z.string(),
  body: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  why: z.string(),
})

export type TUrgencyEmail = z.infer<typeof UrgencyEmail>

/**
 * 140 mails for each file, 20 in each of en, de, fr, es, pt, it and nl (8 high, 6 medium, 6 low), written
 * for Parsedesk by one helper in session 12 who had not seen the priority rules. The rules were tuned
 * reading the dev file; the holdout file is only scored, never read, so its figures say how the rules do on
 * mail nobody bent them to.
 */
export const URGENCY_FILES = {
  dev: 'urgency-dev-emails.json',
  holdout: 'urgency-holdout-emails.json',
} as const

export type TUrgencySet = keyof typeof URGENCY_FILES

export function readUrgencyEmails(set: TUrgencySet): TUrgencyEmail[] {
  return readFixture(URGENCY_FILES[set], z.array(UrgencyEmail))
}
