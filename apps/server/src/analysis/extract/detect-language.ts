export type TLanguage = { code: string; name: string }

// Short, frequent function words: enough to tell these languages apart in a few sentences of a ticket.
const STOP_WORDS: Record<string, { name: string; words: string }> = {
  en: {
    name: 'English',
    words:
      'the and is are was were to of in for on with my your i you we it this that have has not can please would could be',
  },
  de: {
    name: 'German',
    words:
      'der die das und ist sind ich sie wir nicht mit für auf ein eine einen bitte mein meine ihr ihre haben hat kann können zu von dem den',
  },
  fr: {
    name: 'French',
    words:
      'le la les et est sont je vous nous pas avec pour sur un une mon ma mes votre vos avoir merci de du des que qui ne',
  },
  es: {
    name: 'Spanish',
    words:
      'el la los las y es son yo usted nosotros no con para por un una mi mis su sus gracias de del que se lo está hola',
  },
  it: {
    name: 'Italian',
    words:
      'il lo la gli le e è sono io lei noi non con per un una mio mia suo sua grazie di del che ho ha della sono',
  },
  nl: {
    name: 'Dutch',
    words:
      'de het een en is zijn ik u wij niet met voor op mijn uw graag van dat die heb heeft kan kunnen bedankt',
  },
  pt: {
    name: 'Portuguese',
    words: 'o a os as e é são eu você nós não com para por um uma meu minha seu sua obrigado de do da que em',
  },
}

const LANGUAGES: TLanguage[] = Object.entries(STOP_WORDS).map(([code, { name }]) => ({ code, name }))

// Each common word with the languages (indices into LANGUAGES) that have it, so the text is read once for all.
const LANGUAGES_OF_WORD = new Map<string, number[]>()
for (const [index, { words }] of Object.values(STOP_WORDS).entries()) {
  for (const word of new Set(words.split(' '))) {
    LANGUAGES_OF_WORD.set(word, [...(LANGUAGES_OF_WORD.get(word) ?? []), index])
  }
}

const WORD = /\p{L}+/gu

export const UNKNOWN_LANGUAGE: TLanguage = { code: 'und', name: 'unknown' }

/**
 * Picks the language whose common words occur most often. Too few hits, or a near tie, gives
 * "unknown" rather than a guess, which matters for the one-line tickets this sees most.
 */
export function detectLanguage(options: { text: string }): TLanguage {
  const hits = new Array<number>(LANGUAGES.length).fill(0)
  for (const word of options.text.toLowerCase().match(WORD) ?? []) {
    const languages = LANGUAGES_OF_WORD.get(word)
    if (languages) for (const index of languages) hits[index]!++
  }
  // A stable sort: on equal hits the language listed first comes first.
  const [best, second] = LANGUAGES.map((language, index) => ({ language, hits: hits[index]! })).sort(
    (a, b) => b.hits - a.hits,
  )
  if (!best || best.hits < 2 || (second && best.hits < second.hits * 1.5)) return UNKNOWN_LANGUAGE
  return { code: best.language.code, name: best.language.name }
}
