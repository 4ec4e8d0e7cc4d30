const MAX_SUMMARY_LENGTH = 200

// Openings and courtesies that say nothing about the request itself.
const FILLER = [
  /^(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|greetings|to whom it may concern)\b[^.!?\n]{0,60}[,!:]?$/i,
  /^(?:i|we) hope (?:this|you|that|all)\b/i,
  /^hope (?:you|this|all)\b/i,
  /^(?:thank you|thanks|many thanks)\b[^.!?]{0,80}[.!]?$/i,
]

/**
 * One sentence that says what the ticket is about: the first sentence of the customer's own text
 * that is not a greeting or courtesy, or the subject when the body has none.
 */
export function summarise(options: { subject: string; body: string }): string {
  const sentence = splitSentences(options.body).find(
    (candidate) => !FILLER.some((pattern) => pattern.test(candidate)),
  )
  const chosen = sentence ?? options.subject.trim()
  if (chosen.length === 0) return 'The ticket has no text.'
  return truncate(chosen.replace(/\s+/g, ' ').trim())
}

function splitSentences(text: string): string[] {
  return text
    .split(/\n\s*\n|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])|\n(?=\s*[-*•]|\s*\p{Lu})/u)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => /\p{L}{2,}/u.test(part))
}

function truncate(text: string): string {
  if (text.length <= MAX_SUMMARY_LENGTH) return text
  const cut = text.slice(0, MAX_SUMMARY_LENGTH - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > MAX_SUMMARY_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[,;:\s]+$/, '')}…`
}
