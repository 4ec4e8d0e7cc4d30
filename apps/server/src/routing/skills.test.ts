import type { TSkillRule } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { skillsNeeded } from './skills'

const RULES: TSkillRule[] = [
  { skill: 'billing', categories: ['billing-payment'], languages: [], tags: ['invoice'] },
  { skill: 'german', categories: [], languages: ['german'], tags: [] },
  { skill: 'billing', categories: ['refund-cancellation'], languages: [], tags: [] },
]

const ticket = (fields: { category?: string; language?: string; tags?: string[] }) => ({
  category: fields.category ?? null,
  tags: fields.tags ?? [],
  analysis: fields.language === undefined ? null : ({ language: fields.language } as never),
})

describe('the skills a ticket needs', () => {
  it('reads its category, the language the analysis found and its tags, ignoring case, each skill once', () => {
    expect(skillsNeeded(RULES, ticket({ category: 'billing-payment', language: 'German' }))).toEqual([
      'billing',
      'german',
    ])
    expect(skillsNeeded(RULES, ticket({ category: 'refund-cancellation', tags: ['Invoice'] }))).toEqual([
      'billing',
    ])
  })

  it('needs nothing when no rule matches, or before the analysis found a language', () => {
    expect(skillsNeeded(RULES, ticket({ category: 'bug-report', tags: ['urgent'] }))).toEqual([])
    expect(skillsNeeded(RULES, ticket({}))).toEqual([])
  })
})
