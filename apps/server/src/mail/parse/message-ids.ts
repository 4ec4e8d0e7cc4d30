/** References chains can grow without bound; the most recent ids are the ones that find a thread. */
const MAX_REFERENCES = 100

function removeComments(value: string): string {
  let previous = ''
  let current = value
  while (current !== previous) {
    previous = current
    current = current.replace(/\([^()]*\)/g, '')
  }
  return current
}

/** Every msg-id in a header, without angle brackets, comments or folding whitespace, in order, unique. */
export function parseMessageIdList(value: string | null | undefined): string[] {
  if (!value) return []
  const clean = removeComments(value)
  const bracketed = [...clean.matchAll(/<([^<>]*)>/g)].map((m) => m[1] ?? '')
  const ids = bracketed.length > 0 ? bracketed : clean.split(/[\s,]+/)
  const unique = [...new Set(ids.map((id) => id.replace(/\s+/g, '')).filter((id) => id.length > 0))]
  return unique.slice(-MAX_REFERENCES)
}

/** The first msg-id of a Message-ID or In-Reply-To header, or null when it holds none. */
export function normaliseMessageId(value: string | null | undefined): string | null {
  if (!value) return null
  const clean = removeComments(value)
  const bracketed = /<([^<>]*)>/.exec(clean)?.[1] ?? clean.trim().split(/[\s,]+/)[0] ?? ''
  const id = bracketed.replace(/\s+/g, '')
  return id.length > 0 ? id : null
}
