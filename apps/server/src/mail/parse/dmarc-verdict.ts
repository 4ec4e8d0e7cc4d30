import type { TEmailHeader } from './parsed-email.types'

const RESULT_HEADERS = ['authentication-results', 'arc-authentication-results']

function removeComments(value: string): string {
  let previous = ''
  let current = value
  while (current !== previous) {
    previous = current
    current = current.replace(/\([^()]*\)/g, ' ')
  }
  return current
}

/**
 * Which header says the mail failed DMARC, or null. Only the topmost `Authentication-Results` and the
 * topmost `ARC-Authentication-Results` are read: the receiving server writes its own above the message, and
 * whatever a sender put further down is theirs to forge. A forged `pass` gains nothing (only a fail is
 * acted on), so a mail that reached us with no such header at all is judged by the threading rules alone.
 * Each result is `method=result` after a `;` (RFC 8601), comments removed so `(dmarc=fail)` in one is not read.
 */
export function findDmarcFailure(headers: readonly TEmailHeader[]): string | null {
  for (const name of RESULT_HEADERS) {
    const topmost = headers.find((header) => header.Name.toLowerCase() === name)
    if (!topmost) continue
    const results = removeComments(topmost.Value).split(';').slice(1)
    if (results.some((result) => /^\s*dmarc(?:\/\d+)?\s*=\s*fail\b/i.test(result))) return topmost.Name
  }
  return null
}
