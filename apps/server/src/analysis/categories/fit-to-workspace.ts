import {
  CategoryKey,
  DEFAULT_OTHER_CATEGORY,
  DEFAULT_TICKET_CATEGORIES,
  readAnalysisText,
  type TTicketAnalysis,
  type TTicketCategory,
  writeAnalysisText,
} from '@parsedesk/contracts'

const DEFAULT_KEYS = new Set<string>(DEFAULT_TICKET_CATEGORIES.map((category) => category.key))
// Words of a category's name that say nothing of its subject.
const NAME_STOP_WORDS = new Set(['and', 'or', 'the', 'for', 'of', 'to', 'with', 'our', 'your', 'from'])
const MIN_NAME_WORD = 3
// An added category has no training data, so the model never names it: its name's words may overrule
// the model only where the model is unsure. The model's wrong guesses for mail of a subject it never
// learnt (a partner request: technical problem at 49%, bug report at 42%) sit below this.
const ADDED_CATEGORY_BELOW_CONFIDENCE = 0.5

/**
 * The analyser's verdict (by the default taxonomy's keys) filed under a workspace's own list: the ticket
 * stores the key, its description names the workspace's name for it. A category the workspace removed
 * gives way to its "other". A category the workspace added has no training data: it is chosen when every
 * word of its name is in the ticket's subject or text and the model filed the ticket under "other" or was
 * less than 50% sure (a word match, said so in the reason, never a guess of the model's); an LLM's choice
 * among them is its own. Spam stays spam. An analysis without a category key (a model trained on labels of
 * its own) is left as it is.
 */
export function fitAnalysisToCategories(options: {
  analysis: TTicketAnalysis
  categories: readonly TTicketCategory[]
  /** The ticket's subject and body, for the names of added categories. */
  text: string
}): TTicketAnalysis {
  const { analysis, categories } = options
  const byKey = new Map(categories.map((category) => [category.key, category]))
  const analysed = analysis.details?.categoryLabel
  // An analyser that names no key (a model trained on labels of its own) is left to say what it says.
  if (analysed === undefined || (!DEFAULT_KEYS.has(analysed) && !byKey.has(analysed))) return analysis
  const kept = byKey.get(analysed)
  const other = byKey.get(CategoryKey.other) ?? DEFAULT_OTHER_CATEGORY
  let category = kept ?? other
  let reason: string | undefined
  if (!kept) reason = `its category was removed from this workspace's list`
  const unsure = category.key === CategoryKey.other || analysis.confidence < ADDED_CATEGORY_BELOW_CONFIDENCE
  // An LLM was offered the workspace's added categories by name and description: the word rule, which
  // stands in for a model that never learnt them, does not overrule its choice.
  const offeredAdded = analysis.details?.source === 'llm'
  if (category.key !== CategoryKey.spam && unsure && !offeredAdded) {
    const added = categoryByNameWords({ categories, text: options.text })
    if (added) {
      category = added.category
      reason = `the ticket has the words of its name (${added.words.map((word) => `"${word}"`).join(', ')})`
    }
  }
  return {
    ...analysis,
    category: category.key,
    analysis: renameInText({ text: analysis.analysis, name: category.name, reason }),
    ...(analysis.details
      ? {
          details: {
            ...analysis.details,
            categoryLabel: category.key,
            ...(reason ? { categoryReason: reason } : {}),
          },
        }
      : {}),
  }
}

/** An added category (no default key) whose name's words are all in the text; the one with most words. */
export function categoryByNameWords(options: {
  categories: readonly TTicketCategory[]
  text: string
}): { category: TTicketCategory; words: string[] } | null {
  const textWords = new Set(wordsOf(options.text).map(stem))
  let best: { category: TTicketCategory; words: string[] } | null = null
  for (const category of options.categories) {
    if (DEFAULT_KEYS.has(category.key)) continue
    const words = wordsOf(category.name).filter(
      (word) => word.length >= MIN_NAME_WORD && !NAME_STOP_WORDS.has(word),
    )
    if (words.length === 0 || !words.every((word) => textWords.has(stem(word)))) continue
    if (!best || words.length > best.words.length) best = { category, words }
  }
  return best
}

const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []
// "requests" and "request", "invoices" and "invoice" are one word to this match ("access" stays).
const stem = (word: string) => word.replace(/([^s])s$/, '$1')

/** The description with the workspace's name for the category (and why, when the list decided it). */
export function renameInText(options: { text: string; name: string; reason: string | undefined }): string {
  const parts = readAnalysisText(options.text)
  if (!parts) return options.text
  return writeAnalysisText({
    ...parts,
    category: options.name,
    categoryReason: options.reason ?? parts.categoryReason,
  })
}
