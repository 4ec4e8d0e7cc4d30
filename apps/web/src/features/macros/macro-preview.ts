import {
  MacroAssignee,
  renderMacro,
  type TMacro,
  type TMacroAssignee,
  type TMacroContext,
} from '@parsedesk/contracts'

/** A member as the macro cards name them. */
export type TMacroMember = { userId: string; name: string }

/** The ticket a macro is previewed on in settings: made up, with every placeholder's value there. */
export function sampleContext(agent: { id: string; name: string }): TMacroContext {
  return {
    ticket: { number: 1042, subject: 'Where is my refund?', tags: [], assigneeId: null },
    requester: { name: 'Ada Lovelace', email: 'ada@example.com' },
    agent: { id: agent.id, name: agent.name || 'You' },
  }
}

export function previewMacro(macro: Pick<TMacro, 'body' | 'actions'>, agent: { id: string; name: string }) {
  return renderMacro(macro, sampleContext(agent))
}

function assigneeWords(assignee: TMacroAssignee, members: TMacroMember[]): string | undefined {
  if (assignee.kind === MacroAssignee.applier) return 'assign it to whoever applies the macro'
  if (assignee.kind === MacroAssignee.nobody) return 'unassign it'
  if (assignee.kind === MacroAssignee.member) {
    const member = members.find((candidate) => candidate.userId === assignee.userId)
    return `assign it to ${member?.name ?? 'a former member'}`
  }
  return undefined
}

/** What applying the macro does to a ticket, in words: "Set status pending, add tags refund, ...". */
export function describeActions(macro: Pick<TMacro, 'actions'>, members: TMacroMember[]): string {
  const { status, addTags, assignee } = macro.actions
  const parts = [
    status ? `set status ${status}` : undefined,
    addTags.length > 0 ? `add ${addTags.length === 1 ? 'tag' : 'tags'} ${addTags.join(', ')}` : undefined,
    assigneeWords(assignee, members),
  ].filter((part): part is string => part !== undefined)
  if (parts.length === 0) return 'Changes nothing on the ticket.'
  const sentence = parts.join(', ')
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`
}
