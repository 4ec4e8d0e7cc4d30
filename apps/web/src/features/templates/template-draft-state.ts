import { TextMatchMode, type TTemplateDraft, type TTemplateMatch, ZTemplateDraft } from '@parsedesk/contracts'
import type { TTemplateDocument } from './queries'

export type TMatchPart = keyof TTemplateMatch

/** The editor's starting draft: the template's own, or a new one placed last. */
export function draftOf(
  template: TTemplateDocument | undefined,
  templates: readonly Pick<TTemplateDocument, 'position'>[],
): TTemplateDraft {
  return {
    name: template?.name ?? '',
    position: template?.position ?? Math.max(-1, ...templates.map((other) => other.position)) + 1,
    enabled: template?.enabled ?? true,
    match: template?.match ?? { sender: null, subject: null, content: null },
    fields: template?.fields ?? [],
    testEmails: template?.testEmails ?? [],
  }
}

/** A match condition after the admin picks its mode ('' turns it off) or types its text. */
export function editMatch(
  match: TTemplateMatch,
  part: TMatchPart,
  change: { mode?: '' | 'contains' | 'regex'; value?: string },
): TTemplateMatch {
  const current = match[part]
  const mode = change.mode ?? current?.mode ?? TextMatchMode.contains
  if (change.mode === '') return { ...match, [part]: null }
  return { ...match, [part]: { mode, value: change.value ?? current?.value ?? '' } }
}

/**
 * The contract's refusals of a draft: those of each field by its index (shown under it), the rest
 * together (shown above Save). Empty when the draft can be saved.
 */
export function draftProblems(draft: TTemplateDraft): { fields: Map<number, string>; other: string[] } {
  const parsed = ZTemplateDraft.safeParse(draft)
  const fields = new Map<number, string>()
  const other: string[] = []
  for (const issue of parsed.error?.issues ?? []) {
    const [first, index] = issue.path
    if (first === 'fields' && typeof index === 'number') {
      if (!fields.has(index)) fields.set(index, issue.message)
    } else if (!other.includes(issue.message)) {
      other.push(first === 'match' ? `Match by ${String(issue.path[1])}: ${issue.message}` : issue.message)
    }
  }
  return { fields, other }
}
