/** The languages told apart, by ISO 639-1 code. */
export type TLanguageCode = 'en' | TOtherLanguageCode
/** The languages other than English whose words the priority rules and the summary know. */
export const OTHER_LANGUAGE_CODES = ['de', 'fr', 'es', 'it', 'nl', 'pt'] as const
export type TOtherLanguageCode = (typeof OTHER_LANGUAGE_CODES)[number]
export type TLanguage = { code: TLanguageCode | 'und'; name: string }

// Short, frequent function words: enough to tell these languages apart in a few sentences of a ticket. The
// words after the first line of a list break ties: Spanish "han", "pero", "cuenta" beside the "un" and "que"
// it shares with French and Portuguese, English "a" and "do" beside Portuguese's ("how do I make a
// complaint" read as Portuguese). "de", a word of four of them, is left out: it only pulls them together.
const STOP_WORDS: Record<TLanguageCode, { name: string; words: string }> = {
  en: {
    name: 'English',
    words:
      'the and is are was were to of in for on with my your i you we it this that have has not can please would could be' +
      ' a an do how what where about from',
  },
  de: {
    name: 'German',
    words:
      'der die das und ist sind ich sie wir nicht mit für auf ein eine einen bitte mein meine ihr ihre haben hat kann können zu von dem den' +
      ' sich auch aber noch wurde werden seit bei im uns unser unsere keine',
  },
  fr: {
    name: 'French',
    words:
      'le la les et est sont je vous nous pas avec pour sur un une mon ma mes votre vos avoir merci du des que qui ne' +
      ' au aux ce cette elle mais très avons depuis été notre nos',
  },
  es: {
    name: 'Spanish',
    words:
      'el la los las y es son yo usted nosotros no con para por un una mi mis su sus gracias del que se lo está hola' +
      ' han hay muy pero estoy tengo puedo pueden cuenta creo también cuando donde nuestro nuestros',
  },
  it: {
    name: 'Italian',
    words:
      'il lo la gli le e è sono io lei noi non con per un una mio mia suo sua grazie di del che ho ha della sono' +
      ' alla nel questo questa stato anche perché molto vostro vostra potete nostro nostri',
  },
  nl: {
    name: 'Dutch',
    words:
      'het een en is zijn ik u wij niet met voor op mijn uw graag van dat die heb heeft kan kunnen bedankt' +
      ' ook maar nog wordt werd bij naar jullie mij ons onze sinds geen',
  },
  pt: {
    name: 'Portuguese',
    words:
      'o a os as e é são eu você nós não com para por um uma meu minha seu sua obrigado do da que em' +
      ' mas muito tenho estou onde conta também pela pelo foi ao nosso nossa',
  },
}

const LANGUAGES: TLanguage[] = Object.entries(STOP_WORDS).map(([code, { name }]) => ({
  code: code as TLanguageCode,
  name,
}))

// Each common word with the languages (indices into LANGUAGES) that have it, so the text is read once for all.
const LANGUAGES_OF_WORD = new Map<string, number[]>()
for (const [index, { words }] of Object.values(STOP_WORDS).entries()) {
  for (const word of new Set(words.split(' '))) {
    LANGUAGES_OF_WORD.set(word, [...(LANGUAGES_OF_WORD.get(word) ?? []), index])
  }
}

const WORD = /\p{L}+/gu

// Letters and marks only one of these languages writes, each counted as one more common word of it:
// "¿Pueden devolverme uno de los cargos?" is Spanish before it has many words of its own.
const LANGUAGE_OF_LETTER = new Map<string, number>(
  Object.entries({ es: '¿¡ñ', pt: 'ãõ', de: 'ßäöü' }).flatMap(([code, letters]) =>
    [...letters].map((letter) => [letter, LANGUAGES.findIndex((language) => language.code === code)]),
  ),
)
const OWN_LETTER = new RegExp(`[${[...LANGUAGE_OF_LETTER.keys()].join('')}]`, 'g')

export const UNKNOWN_LANGUAGE: TLanguage = { code: 'und', name: 'unknown' }

/**
 * Picks the language whose common words occur most often. Too few hits, or a near tie, gives
 * "unknown" rather than a guess, which matters for the one-line tickets this sees most.
 */
export function detectLanguage(options: { text: string }): TLanguage {
  const hits = new Array<number>(LANGUAGES.length).fill(0)
  const text = options.text.toLowerCase()
  for (const word of text.match(WORD) ?? []) {
    const languages = LANGUAGES_OF_WORD.get(word)
    if (languages) for (const index of languages) hits[index]!++
  }
  for (const letter of text.match(OWN_LETTER) ?? []) hits[LANGUAGE_OF_LETTER.get(letter)!]!++
  // A stable sort: on equal hits the language listed first comes first.
  const [best, second] = LANGUAGES.map((language, index) => ({ language, hits: hits[index]! })).sort(
    (a, b) => b.hits - a.hits,
  )
  if (!best || best.hits < 2 || (second && best.hits < second.hits * 1.5)) return UNKNOWN_LANGUAGE
  return { code: best.language.code, name: best.language.name }
}

/** Whether a ticket is in one of the languages besides English that the analysis reads but its model was not trained on. */
export function isOtherLanguage(language: TLanguage): language is TLanguage & { code: TOtherLanguageCode } {
  return language.code !== 'en' && language.code !== UNKNOWN_LANGUAGE.code
}
