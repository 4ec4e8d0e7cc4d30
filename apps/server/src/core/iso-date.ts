/** Appwrite's date format: ISO-8601 with milliseconds and an explicit offset. */
export function isoDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date = value instanceof Date ? value : new Date(value)
  return date.toISOString().replace('Z', '+00:00')
}
