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

const WORD_SETS = Object.entries(STOP_WORDS).map(([code, { name, words }]) => ({
  code,
  name,
  words: new Set(words.split(' ')),
}))

export const UNKNOWN_LANGUAGE: TLanguage = { code: 'und', name: 'unknown' }

/**
 * Picks the language whose common words occur most often. Too few hits, or a near tie, gives
 * "unknown" rather than a guess, which matters for the one-line tickets this sees most.
 */
export function detectLanguage(options: { text: string }): TLanguage {
  const words = options.text.toLowerCase().match(/\p{L}+/gu) ?? []
  const scores = WORD_SETS.map((set) => ({
    code: set.code,
    name: set.name,
    hits: words.reduce((count, word) => count + (set.words.has(word) ? 1 : 0), 0),
  })).sort((a, b) => b.hits - a.hits)
  const [best, second] = scores
  if (!best || best.hits < 2 || (second && best.hits < second.hits * 1.5)) return UNKNOWN_LANGUAGE
  return { code: best.code, name: best.name }
}
