import { CategoryKey, TicketStatus, type TRuleAction, type TTicketRow } from '@parsedesk/contracts'
import type { TTicketChanges } from '../tickets/ticket-repository'

/** What a matched rule asks for beyond the ticket's fields, done once the passes are over. */
export type TRuleSideEffect =
  | { type: 'route' }
  | { type: 'internal-note'; body: string }
  | { type: 'mark-spam' }
  | { type: 'email-reply'; subject: string; body: string }
  | { type: 'webhook'; url: string }

/**
 * What a matched rule asked for besides, with the rule and its evaluation's list of changes, where the
 * outcome (an auto-reply queued or why not) is written before the log is stored.
 */
export type TRuleEffect = TRuleSideEffect & { rule: { id: string; name: string }; said: string[] }

/** The ticket's field changes one rule's actions make on `ticket`, and what they ask for besides. */
export function planActions(
  ticket: TTicketRow,
  actions: readonly TRuleAction[],
): { changes: TTicketChanges; effects: TRuleSideEffect[] } {
  const changes: TTicketChanges = {}
  const effects: TRuleSideEffect[] = []
  let tags = ticket.tags
  for (const action of actions) {
    switch (action.type) {
      case 'set-priority':
        changes.priority = action.priority
        break
      case 'set-status':
        changes.status = action.status
        break
      case 'set-category':
        changes.category = action.category
        break
      case 'set-group':
        changes.groupId = action.groupId
        break
      case 'set-assignee':
        changes.assigneeId = action.assigneeId
        break
      case 'add-tags':
        tags = [...new Set([...tags, ...action.tags])]
        break
      case 'remove-tags':
        tags = tags.filter((tag) => !action.tags.includes(tag))
        break
      case 'mark-spam':
        // As a member's "mark spam" does (spam-service.ts): the spam category, and closed.
        changes.category = CategoryKey.spam
        changes.status = TicketStatus.closed
        effects.push({ type: 'mark-spam' })
        break
      case 'route':
      case 'internal-note':
        effects.push(
          action.type === 'route' ? { type: 'route' } : { type: 'internal-note', body: action.body },
        )
        break
      case 'email-reply':
        effects.push({ type: 'email-reply', subject: action.subject, body: action.body })
        break
      case 'webhook':
        effects.push({ type: 'webhook', url: action.url })
        break
    }
  }
  if (tags.join('\u0000') !== ticket.tags.join('\u0000')) changes.tags = tags
  return { changes, effects }
}

/** Only the changes that differ from the ticket: a rule that sets what is already there changes nothing. */
export function effectiveChanges(ticket: TTicketRow, changes: TTicketChanges): TTicketChanges {
  const effective: TTicketChanges = {}
  for (const [name, value] of Object.entries(changes)) {
    const current = ticket[name as keyof TTicketRow]
    if (JSON.stringify(current) !== JSON.stringify(value)) Object.assign(effective, { [name]: value })
  }
  return effective
}
