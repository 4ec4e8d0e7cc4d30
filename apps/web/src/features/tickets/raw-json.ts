export type TRawJsonView = { text: string; htmlBody: string | null }

const HTML_BODY_KEY = 'htmlbody'
const MAX_DEPTH = 8

/** Pretty-prints the stored source payload; a string that is not JSON is shown as it is. */
export function readRawJson(rawJson: unknown): TRawJsonView | null {
  if (rawJson === null || rawJson === undefined || rawJson === '') return null
  if (typeof rawJson !== 'string')
    return { text: JSON.stringify(rawJson, null, 2), htmlBody: findHtmlBody(rawJson) }
  try {
    const value: unknown = JSON.parse(rawJson)
    return { text: JSON.stringify(value, null, 2), htmlBody: findHtmlBody(value) }
  } catch {
    return { text: rawJson, htmlBody: null }
  }
}

/** The first `HtmlBody` string anywhere in the payload (Postmark puts it at the top, others nest it). */
export function findHtmlBody(value: unknown, depth = 0): string | null {
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null
  for (const [key, child] of Object.entries(value)) {
    if (key.toLowerCase() === HTML_BODY_KEY && typeof child === 'string' && child.trim()) return child
  }
  for (const child of Object.values(value)) {
    const found = findHtmlBody(child, depth + 1)
    if (found) return found
  }
  return null
}

/** Splits the pretty text into lines, marking the ones that hold an HtmlBody value for highlighting. */
export function markHtmlBodyLines(text: string): { line: string; isHtmlBody: boolean }[] {
  return text.split('\n').map((line) => ({ line, isHtmlBody: /^\s*"htmlbody"\s*:/i.test(line) }))
}
