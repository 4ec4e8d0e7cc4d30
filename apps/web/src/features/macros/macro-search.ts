import type { TMacro } from '@parsedesk/contracts'

const wordsOf = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean)

/**
 * The macros whose name or text holds every word typed, as a prefix of one of their words or anywhere in
 * one ("ref" finds "Refund sent", "invoice" finds a macro that only mentions it in its text); those whose
 * name matches come first, in the list's order.
 */
export function matchingMacros<T extends Pick<TMacro, 'name' | 'body'>>(
  macros: readonly T[],
  search: string,
): T[] {
  const words = wordsOf(search)
  if (words.length === 0) return [...macros]
  const holdsAll = (text: string) => {
    const lower = text.toLocaleLowerCase()
    return words.every((word) => lower.includes(word))
  }
  const byName = macros.filter((macro) => holdsAll(macro.name))
  const byText = macros.filter((macro) => !byName.includes(macro) && holdsAll(`${macro.name} ${macro.body}`))
  return [...byName, ...byText]
}
