import { DEFAULT_TICKET_CATEGORIES } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import type { TPrediction } from '../model/classifier'
import { createCategoryChooser } from './choose-category'

function prediction(...ranked: [string, number][]): TPrediction {
  const list = ranked.map(([label, probability]) => ({
    label,
    displayLabel: label.toUpperCase(),
    probability,
  }))
  return {
    label: list[0]!.label,
    displayLabel: list[0]!.displayLabel,
    confidence: list[0]!.probability,
    ranked: list,
  }
}

describe('createCategoryChooser', () => {
  const choose = createCategoryChooser({ categories: DEFAULT_TICKET_CATEGORIES, minConfidence: 0.35 })

  it("names the model's best guess by the list's name for its key", () => {
    const choice = choose(prediction(['billing-payment', 0.8], ['other', 0.2]))
    expect(choice).toEqual({ category: DEFAULT_TICKET_CATEGORIES[3], confidence: 0.8 })
  })

  it('files an unsure ticket under other and keeps the best guess as the closest', () => {
    const choice = choose(prediction(['feedback', 0.3], ['bug-report', 0.25]))
    expect(choice.category.key).toBe('other')
    expect(choice.closest).toEqual({ category: DEFAULT_TICKET_CATEGORIES[8], confidence: 0.3 })
  })

  it("follows a workspace's renamed categories and skips the ones it removed", () => {
    const categories = DEFAULT_TICKET_CATEGORIES.filter((c) => c.key !== 'bug-report').map((c) =>
      c.key === 'technical-problem' ? { ...c, name: 'Tech support' } : c,
    )
    const workspaceChoose = createCategoryChooser({ categories, minConfidence: 0.35 })
    expect(workspaceChoose(prediction(['bug-report', 0.5], ['technical-problem', 0.4])).category.name).toBe(
      'Tech support',
    )
  })

  it('keeps the labels of a model trained on its own labels as they are', () => {
    const choice = choose(prediction(['Access', 0.9]))
    expect(choice.category).toEqual({ key: 'Access', name: 'ACCESS', description: '' })
  })

  it('refuses a list without the other or the spam category, which the analysis files tickets under', () => {
    const withoutOther = DEFAULT_TICKET_CATEGORIES.filter((c) => c.key !== 'other')
    expect(() => createCategoryChooser({ categories: withoutOther, minConfidence: 0.35 })).toThrow(/other/)
  })
})
