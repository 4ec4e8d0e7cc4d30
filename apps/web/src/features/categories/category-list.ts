import { CategoryKey, categoryKeyOfName, type TTicketCategory } from '@parsedesk/contracts'

/** `other` and spam stay in every list (the analyser needs them); they may be renamed. */
export function isRequiredCategory(key: string): boolean {
  return Object.values<string>(CategoryKey).includes(key)
}

/** The list with a new category, its key made from its name and unique in the list; "other" stays last. */
export function addCategory(
  categories: readonly TTicketCategory[],
  added: { name: string; description: string },
): TTicketCategory[] {
  const base = categoryKeyOfName(added.name)
  const keys = new Set(categories.map((category) => category.key))
  let key = base
  for (let n = 2; keys.has(key); n++) key = `${base.slice(0, 36)}-${n}`
  const category = { key, name: added.name.trim(), description: added.description.trim() }
  const otherAt = categories.findIndex((c) => c.key === CategoryKey.other)
  const at = otherAt < 0 ? categories.length : otherAt
  return [...categories.slice(0, at), category, ...categories.slice(at)]
}

/** The list with one category's name and description changed; its key stays. */
export function renameCategory(
  categories: readonly TTicketCategory[],
  key: string,
  change: { name: string; description: string },
): TTicketCategory[] {
  return categories.map((category) =>
    category.key === key
      ? { ...category, name: change.name.trim(), description: change.description.trim() }
      : category,
  )
}

export function removeCategory(categories: readonly TTicketCategory[], key: string): TTicketCategory[] {
  if (isRequiredCategory(key)) return [...categories]
  return categories.filter((category) => category.key !== key)
}
