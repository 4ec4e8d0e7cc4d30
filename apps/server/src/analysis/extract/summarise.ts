import { matchesOf } from '../text/matches-of'

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
  const chosen = firstRealSentence(options.body) ?? options.subject.trim()
  if (chosen.length === 0) return 'The ticket has no text.'
  return truncate(chosen.replace(/\s+/g, ' ').trim())
}

const HAS_WORD = /\p{L}{2,}/u
const SENTENCE_BREAK = /\n\s*\n|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])|\n(?=\s*[-*•]|\s*\p{Lu})/gu

// Sentences are split off one at a time, so a long email is read only as far as its first real sentence.
function firstRealSentence(text: string): string | undefined {
  let start = 0
  for (const separator of matchesOf(SENTENCE_BREAK, text)) {
    const sentence = realSentence(text.slice(start, separator.index))
    if (sentence) return sentence
    start = separator.index + separator[0].length
  }
  return realSentence(text.slice(start))
}

// A part with words in it that is not a greeting or courtesy.
function realSentence(part: string): string | undefined {
  const sentence = part.replace(/\s+/g, ' ').trim()
  if (!HAS_WORD.test(sentence) || FILLER.some((pattern) => pattern.test(sentence))) return undefined
  return sentence
}

function truncate(text: string): string {
  if (text.length <= MAX_SUMMARY_LENGTH) return text
  const cut = text.slice(0, MAX_SUMMARY_LENGTH - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > MAX_SUMMARY_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[,;:\s]+$/, '')}…`
}
