/**
 * Month and weekday names in the languages mail reaches the helpdesk in (English, German, French, Spanish,
 * Portuguese, Italian, Dutch), written without accents and in lower case: a vendor writes "3. März 2026",
 * "12 janvier 2026" or "5 de mayo de 2026" as often as "March 3, 2026".
 */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'januar', 'janner', 'janvier', 'enero', 'janeiro', 'gennaio', 'januari'],
  ['february', 'februar', 'fevrier', 'febrero', 'fevereiro', 'febbraio', 'februari'],
  ['march', 'marz', 'maerz', 'mars', 'marzo', 'marco', 'maart'],
  ['april', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maio', 'maggio', 'mei'],
  ['june', 'juni', 'juin', 'junio', 'junho', 'giugno'],
  ['july', 'juli', 'juillet', 'julio', 'julho', 'luglio'],
  ['august', 'aout', 'agosto', 'augustus'],
  ['september', 'septembre', 'septiembre', 'setiembre', 'setembro', 'settembre'],
  ['october', 'oktober', 'octobre', 'octubre', 'outubro', 'ottobre'],
  ['november', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dezember', 'decembre', 'diciembre', 'dezembro', 'dicembre'],
]

/** Short forms that are not the start of their month's name: Dutch writes March "mrt". */
const MONTH_ABBREVIATIONS: Readonly<Record<string, number>> = { mrt: 3 }

const WEEKDAY_NAMES: readonly string[] = [
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ...['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonnabend', 'sonntag'],
  ...['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  ...['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'],
  ...['segunda', 'terca', 'quarta', 'quinta', 'sexta'],
  ...['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'],
  ...['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'],
]

/** Lower case without accents: "März" and "Marz", "décembre" and "decembre" are one word. */
export function plainWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * A month by its name in any of the languages, whole or shortened to at least three letters ("Sept.",
 * "janv.", "Okt"): the month every name it starts belongs to, undefined when it starts names of two months
 * ("jui" is juin or juillet) or none.
 */
export function monthOfName(name: string): number | undefined {
  const word = plainWord(name).replace(/\.$/, '')
  if (word.length < 3) return undefined
  const abbreviation = MONTH_ABBREVIATIONS[word]
  if (abbreviation) return abbreviation
  const months = new Set<number>()
  MONTH_NAMES.forEach((names, index) => {
    if (names.some((full) => full.startsWith(word))) months.add(index + 1)
  })
  return months.size === 1 ? [...months][0] : undefined
}

/**
 * Whether a word names a day of the week, whole or shortened ("Fri", "Di.", "mer.", "terça-feira"): a date's
 * weekday is skipped, never read.
 */
export function isWeekdayName(word: string): boolean {
  const plain = plainWord(word)
    .replace(/\.$/, '')
    .replace(/-feira$/, '')
  return plain.length >= 2 && WEEKDAY_NAMES.some((name) => name.startsWith(plain))
}
