import type { TMemberSkills, TSkillRule, TTicketRow } from '@parsedesk/contracts'

/** What of a ticket its group's skill rules read: its category key, tags, and the analysis's language. */
type TSkillSubject = Pick<TTicketRow, 'category' | 'tags'> & { analysis: { language: string } | null }

/**
 * The skills a ticket needs in its group (decision 067): every skill one of whose rules lists the ticket's
 * category, its language or one of its tags, ignoring case; in the order the rules name them, each once.
 */
export function skillsNeeded(rules: readonly TSkillRule[], ticket: TSkillSubject): string[] {
  const category = ticket.category?.toLowerCase()
  const language = ticket.analysis?.language.toLowerCase()
  const tags = new Set(ticket.tags.map((tag) => tag.toLowerCase()))
  const needed = rules.filter(
    (rule) =>
      (category !== undefined && rule.categories.includes(category)) ||
      (language !== undefined && rule.languages.includes(language)) ||
      rule.tags.some((tag) => tags.has(tag)),
  )
  return [...new Set(needed.map((rule) => rule.skill))]
}

/** Each member's skills in the group, by user id (a member the group lists no skills for has none). */
export function skillsByMember(memberSkills: readonly TMemberSkills[]): Map<string, readonly string[]> {
  return new Map(memberSkills.map((entry) => [entry.userId, entry.skills]))
}
