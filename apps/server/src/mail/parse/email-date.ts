export type TEmailDate = { iso: string | null; defect: string | null }

const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000
const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

function toIso(value: string): string | null {
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/**
 * postal-mime gives ISO when it can read the Date header and the raw text when it cannot. Obsolete
 * RFC 822 dates with comments or spaces around the colons still carry a time, so retry without them.
 */
export function readEmailDate(options: {
  header: string | undefined
  parsed: string | undefined
  now?: number
}): TEmailDate {
  const { header, parsed, now = Date.now() } = options
  if (!header?.trim()) return { iso: null, defect: 'missing Date header' }
  const shown = header.trim().slice(0, 100)
  const cleaned = header
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s*:\s*/g, ':')
    .replace(/\s+/g, ' ')
    .trim()
  const iso = (parsed && ISO_PATTERN.test(parsed) ? toIso(parsed) : null) ?? toIso(cleaned)
  if (!iso) return { iso: null, defect: `unparseable date "${shown}"` }
  // A sender clock years ahead would sort the ticket above every other one for ever.
  if (Date.parse(iso) > now + MAX_CLOCK_SKEW_MS) return { iso: null, defect: `date in the future "${shown}"` }
  return { iso, defect: null }
}
