import type { TSentimentLabel } from '@parsedesk/contracts'

export type TSentiment = { label: TSentimentLabel; score: number }

const NEGATIVE =
  /\b(?:problem|problems|issue|issues|broken|damaged|wrong|bad|poor|fail(?:ed|s|ure)?|error|errors|disappoint(?:ed|ing)|frustrat(?:ed|ing)|annoy(?:ed|ing)|unhappy|upset|worried|concerned|delay(?:ed)?|late|missing|lost|unable|cannot|can't|complain(?:t)?|confus(?:ed|ing)|slow|stuck)\b/gi
const POSITIVE =
  /\b(?:great|excellent|love|loved|amazing|wonderful|fantastic|happy|pleased|satisfied|awesome|perfect|helpful|impressed|good job|well done)\b/gi
const ANGRY =
  /\b(?:unacceptable|ridiculous|outrageous|furious|angry|disgusted|fed up|terrible|horrible|awful|worst|useless|scam|incompetent|pathetic|lawyer|legal action)\b|!{2,}/gi
// Praise after a negation ("not happy", "never satisfied") counts against.
const NEGATED_POSITIVE =
  /\b(?:not|never|no longer|hardly|isn't|wasn't|aren't|don't|didn't)\s+(?:very\s+|at all\s+)?(?:great|happy|pleased|satisfied|helpful|good)\b/gi

/**
 * A small, readable lexicon score: anger words or repeated exclamation marks make a ticket angry;
 * otherwise problem words against praise decide negative, positive or neutral. Polite formulas
 * ("thank you", "I appreciate") are ignored because nearly every email has them.
 */
export function assessSentiment(options: { text: string }): TSentiment {
  const text = options.text
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0
  const negated = count(NEGATED_POSITIVE)
  const anger = count(ANGRY) + countShouting(text)
  const score = count(POSITIVE) - 2 * negated - count(NEGATIVE) - 2 * anger
  if (anger > 0) return { label: 'angry', score }
  if (score <= -1) return { label: 'negative', score }
  if (score >= 1) return { label: 'positive', score }
  return { label: 'neutral', score }
}

// Several words in capitals read as shouting; short acronyms (VPN, HTTP) do not count.
function countShouting(text: string): number {
  const shouted = text.match(/\b[A-Z]{4,}\b/g) ?? []
  return shouted.length >= 3 ? 1 : 0
}
