/**
 * The spec's user id: hex seconds timestamp, milliseconds padded to 5, then 7 random hex characters.
 * The SDK's ID.unique() makes the same shape; the server uses this for `unique()`.
 */
export function uniqueId(now: Date = new Date(), random: () => number = Math.random): string {
  const ms = now.getTime()
  const seconds = Math.floor(ms / 1000).toString(16)
  const millis = (ms % 1000).toString(16).padStart(5, '0')
  let tail = ''
  for (let i = 0; i < 7; i++) tail += Math.floor(random() * 16).toString(16)
  return seconds + millis + tail
}

/** Appwrite's custom-id rule: up to 36 chars of a-z, A-Z, 0-9, period, hyphen, underscore; no leading special char. */
export const CUSTOM_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/
