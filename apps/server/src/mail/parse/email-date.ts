export type TEmailDate = { iso: string | null; defect: string | null }

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
}): TEmailDate {
  const { header, parsed } = options
  if (!header?.trim()) return { iso: null, defect: 'missing Date header' }
  if (parsed && ISO_PATTERN.test(parsed)) {
    const iso = toIso(parsed)
    if (iso) return { iso, defect: null }
  }
  const cleaned = header
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s*:\s*/g, ':')
    .replace(/\s+/g, ' ')
    .trim()
  const iso = toIso(cleaned)
  return iso
    ? { iso, defect: null }
    : { iso: null, defect: `unparseable date "${header.trim().slice(0, 100)}"` }
}
