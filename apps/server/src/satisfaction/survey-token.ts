import crypto from 'node:crypto'
import { SatisfactionLimits } from '@parsedesk/contracts'

/** A rating link's token: 256 random bits, base64url, shown once in the survey's mail. */
export function newSurveyToken(): string {
  return crypto.randomBytes(SatisfactionLimits.tokenBytes).toString('base64url')
}

/** What is stored of a token: its SHA-256, so a copy of the database cannot rate anything. */
export function hashSurveyToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}
