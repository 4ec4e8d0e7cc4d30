import { matchesOf } from '../text/matches-of'

const MAX_SUMMARY_LENGTH = 200

// Greetings in English, German, French, Spanish, Portuguese, Italian and Dutch, written as one line of at
// most a name after them: "Guten Tag," "Sehr geehrte Damen und Herren," "Hola Marta," "Beste,".
const GREETINGS = [
  'dear|hi|hello|hey|good (?:morning|afternoon|evening)|greetings|to whom it may concern',
  'guten (?:tag|morgen|abend)|hallo|sehr geehrte[rs]?|liebe[rs]?|moin|servus|grüß gott',
  'bonjour|bonsoir|salut|madame|monsieur|ch[eè]re?s?',
  'hola|buen(?:os|as) (?:días|dias|tardes|noches)|estimad[oa]s?|querid[oa]s?',
  'olá|ola|oi|bom dia|boa (?:tarde|noite)|prezad[oa]s?|car[oa]s?',
  'buongiorno|buonasera|ciao|salve|gentil[ei]|spettabile|egregi[oa]',
  'beste|geachte|goedemorgen|goedemiddag|goedenavond|goedendag|hoi|dag',
].join('|')
// Wishes before the request: "I hope this finds you well", "J'espère que vous allez bien".
const WELL_WISHES = [
  '(?:i|we) hope (?:this|you|that|all)|hope (?:you|this|all)',
  'ich hoffe,? (?:es geht|sie|du)',
  "j['’]esp[èe]re que (?:vous|tu) (?:allez|vas|portez)",
  'espero que (?:se encuentre|est[ée]s?|estén|esteja|estejam|tudo)',
  'spero che (?:stia|stiate|tu stia|tutto)',
  'ik hoop dat (?:het|alles|u|je)',
].join('|')
const THANKS =
  'thank you|thanks|many thanks|vielen dank|danke|merci|gracias|muchas gracias|muito obrigad[oa]|obrigad[oa]|grazie|bedankt|dank (?:u|je)'

// Openings and courtesies that say nothing about the request itself. A word ends where no letter follows
// (\b knows only ASCII letters, and "Olá" ends in one it does not know).
const FILLER = [
  new RegExp(`^(?:${GREETINGS})(?![\\p{L}\\p{N}])[^.!?\\n]{0,60}[,!:]?$`, 'iu'),
  new RegExp(`^(?:${WELL_WISHES})(?![\\p{L}\\p{N}])`, 'iu'),
  new RegExp(`^(?:${THANKS})(?![\\p{L}\\p{N}])[^.!?]{0,80}[.!]?$`, 'iu'),
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
// A Spanish question or exclamation opens with ¿ or ¡, a French or German quotation with « or „.
const SENTENCE_BREAK = /\n\s*\n|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(¿¡«„])|\n(?=\s*[-*•]|\s*\p{Lu})/gu

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
