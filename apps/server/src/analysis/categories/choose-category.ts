import {
  CategoryKey,
  DEFAULT_TICKET_CATEGORIES,
  type TTicketCategory,
  ZTicketCategories,
} from '@parsedesk/contracts'
import type { TPrediction } from '../model/classifier'

export type TCategoryChoice = {
  category: TTicketCategory
  /** The model's probability for the category chosen (or for the closest one, when none fitted). */
  confidence: number
  /** Set when no category was likely enough and the ticket went to "other": the model's best guess. */
  closest?: { category: TTicketCategory; confidence: number }
}

const DEFAULT_KEYS = new Set<string>(DEFAULT_TICKET_CATEGORIES.map((category) => category.key))

/**
 * Maps the model's labels onto the categories a workspace files tickets under. A label is a category's
 * key, so a renamed category keeps its tickets; a default category the list leaves out is skipped for
 * the model's next guess; a label of a model trained on its own labels (not the default taxonomy's) is
 * its own category. Below `minConfidence` the ticket goes to the list's "other" category, with the
 * model's best guess kept as the closest.
 */
export function createCategoryChooser(options: {
  categories: readonly TTicketCategory[]
  minConfidence: number
}): (prediction: TPrediction) => TCategoryChoice {
  const categories = ZTicketCategories.parse(options.categories)
  const byKey = new Map(categories.map((category) => [category.key, category]))
  const other = byKey.get(CategoryKey.other)!
  const place = (label: string, displayLabel: string): TTicketCategory | null =>
    byKey.get(label) ?? (DEFAULT_KEYS.has(label) ? null : { key: label, name: displayLabel, description: '' })
  return (prediction) => {
    for (const guess of prediction.ranked) {
      const category = place(guess.label, guess.displayLabel)
      if (!category) continue
      if (guess.probability >= options.minConfidence || category.key === CategoryKey.other)
        return { category, confidence: guess.probability }
      return {
        category: other,
        confidence: guess.probability,
        closest: { category, confidence: guess.probability },
      }
    }
    return { category: other, confidence: 0 }
  }
}

/** The category list's entry for a key every list has (other, spam). */
export function categoryOfKey(options: {
  categories: readonly TTicketCategory[]
  key: string
}): TTicketCategory {
  const category = options.categories.find((c) => c.key === options.key)
  if (!category) throw new Error(`the category list has no "${options.key}"`)
  return category
}
