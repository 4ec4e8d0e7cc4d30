import type { TOtherLanguageCode } from '../extract/detect-language'
import { CROSS_LANGUAGE_LEXICON } from './cross-language-lexicon'

// Shorter words match only whole: "app", "abo", "red" are words, not stems.
const MIN_STEM_LENGTH = 5
// No lexicon stem is longer; a longer word is only tried from here down.
const MAX_STEM_LENGTH = 16
// German and Dutch put the word that carries the meaning at the end of a compound ("Kundenkonto").
const COMPOUNDING: ReadonlySet<TOtherLanguageCode> = new Set(['de', 'nl'])
const WORD = /\p{L}+/gu

type TLexicon = ReadonlyMap<string, string>

/** Lower case without accents, so "Résilier" and "resilier", "Gebühr" and "gebuhr" meet. */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss')
}

function parseLexicon(source: string): TLexicon {
  const lexicon = new Map<string, string>()
  for (const line of source.trim().split('\n')) {
    const [english, words] = line.split(':') as [string, string]
    for (const word of words.trim().split(/\s+/)) lexicon.set(foldWord(word), english.trim())
  }
  return lexicon
}

const LEXICONS = new Map(
  Object.entries(CROSS_LANGUAGE_LEXICON).map(([code, source]) => [code, parseLexicon(source)]),
)

/**
 * The ticket with each word the lexicon knows replaced by its English words and every other word dropped,
 * so the category model, which learnt English mail, reads a German or French ticket in the words it knows.
 * Numbers, amounts, links and addresses stay: the model reads them as classes of their own.
 */
export function glossInEnglish(options: { text: string; language: TOtherLanguageCode }): string {
  const lexicon = LEXICONS.get(options.language)!
  const compounding = COMPOUNDING.has(options.language)
  return options.text.replace(WORD, (word) => glossWord({ word: foldWord(word), lexicon, compounding }))
}

function glossWord(options: { word: string; lexicon: TLexicon; compounding: boolean }): string {
  const { word, lexicon, compounding } = options
  const whole = lexicon.get(word)
  if (whole) return whole
  const start = longestStem({ word, lexicon, fromEnd: false })
  const end = compounding ? longestStem({ word, lexicon, fromEnd: true }) : undefined
  if (start && end && start !== end) return `${start} ${end}`
  return start ?? end ?? ''
}

function longestStem(options: { word: string; lexicon: TLexicon; fromEnd: boolean }): string | undefined {
  const { word, lexicon, fromEnd } = options
  for (let length = Math.min(word.length - 1, MAX_STEM_LENGTH); length >= MIN_STEM_LENGTH; length--) {
    const english = lexicon.get(fromEnd ? word.slice(word.length - length) : word.slice(0, length))
    if (english) return english
  }
  return undefined
}
