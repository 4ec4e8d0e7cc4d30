import {
  RULE_ACTION_TYPES,
  RULE_REPLY_PLACEHOLDERS,
  RuleLimits,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TRuleAction,
  type TRuleActionType,
} from '@parsedesk/contracts'
import { Plus, X } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import type { TRuleNames } from '../rule-sentence'

export type TChoice = { id: string; name: string }

type TActionsProps = {
  actions: TRuleAction[]
  onChange(actions: TRuleAction[]): void
  names: TRuleNames
  groups: readonly TChoice[]
  members: readonly TChoice[]
  /** The contract's refusals by action index. */
  problems: ReadonlyMap<number, string>
}

const ACTION_LABELS: Record<TRuleActionType, string> = {
  'set-priority': 'Set priority',
  'set-status': 'Set status',
  'set-category': 'Set category',
  'set-group': 'Set group',
  'set-assignee': 'Assign to',
  route: 'Route to an agent of its group',
  'add-tags': 'Add tags',
  'remove-tags': 'Remove tags',
  'internal-note': 'Add an internal note',
  'email-reply': 'Reply to the requester',
  webhook: 'Call a webhook',
  'mark-spam': 'Mark as spam',
}

/** A new action of a type, with the first sensible value; the contract refuses what is still missing. */
export function newAction(type: TRuleActionType): TRuleAction {
  switch (type) {
    case 'set-priority':
      return { type, priority: 'high' }
    case 'set-status':
      return { type, status: 'pending' }
    case 'set-category':
      return { type, category: '' }
    case 'set-group':
      return { type, groupId: null }
    case 'set-assignee':
      return { type, assigneeId: null }
    case 'add-tags':
    case 'remove-tags':
      return { type, tags: [] }
    case 'internal-note':
      return { type, body: '' }
    case 'email-reply':
      return { type, subject: '', body: 'We received your message and opened ticket {{ticket.number}}.' }
    case 'webhook':
      return { type, url: 'https://' }
    case 'route':
    case 'mark-spam':
      return { type }
  }
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)

/** The fields one action takes, labelled. */
function ActionFields({
  action,
  set,
  names,
  groups,
  members,
}: { action: TRuleAction; set(action: TRuleAction): void } & Pick<
  TActionsProps,
  'names' | 'groups' | 'members'
>) {
  const id = useId()
  switch (action.type) {
    case 'set-priority':
      return (
        <NativeSelect
          aria-label="Priority"
          value={action.priority ?? ''}
          onChange={(event) =>
            set({ ...action, priority: (event.target.value || null) as typeof action.priority })
          }
        >
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {names.priority(priority)}
            </option>
          ))}
          <option value="">None</option>
        </NativeSelect>
      )
    case 'set-status':
      return (
        <NativeSelect
          aria-label="Status"
          value={action.status}
          onChange={(event) => set({ ...action, status: event.target.value as typeof action.status })}
        >
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {names.status(status)}
            </option>
          ))}
        </NativeSelect>
      )
    case 'set-category':
      return (
        <Input
          aria-label="Category"
          value={action.category}
          onChange={(event) => set({ ...action, category: event.target.value })}
        />
      )
    case 'set-group':
      return (
        <NativeSelect
          aria-label="Group"
          value={action.groupId ?? ''}
          onChange={(event) => set({ ...action, groupId: event.target.value || null })}
        >
          <option value="">No group</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </NativeSelect>
      )
    case 'set-assignee':
      return (
        <NativeSelect
          aria-label="Assignee"
          value={action.assigneeId ?? ''}
          onChange={(event) => set({ ...action, assigneeId: event.target.value || null })}
        >
          <option value="">Nobody</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
      )
    case 'add-tags':
    case 'remove-tags':
      return (
        <Input
          aria-label="Tags (separated by commas)"
          placeholder="vip, refund"
          defaultValue={action.tags.join(', ')}
          onChange={(event) => set({ ...action, tags: tagsOf(event.target.value) })}
        />
      )
    case 'internal-note':
      return (
        <Textarea
          aria-label="Note"
          maxLength={RuleLimits.note}
          value={action.body}
          onChange={(event) => set({ ...action, body: event.target.value })}
        />
      )
    case 'email-reply':
      return (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-subject`}>Subject (empty: “Re:” and the ticket’s subject)</Label>
          <Input
            id={`${id}-subject`}
            maxLength={RuleLimits.replySubject}
            value={action.subject}
            onChange={(event) => set({ ...action, subject: event.target.value })}
          />
          <Label htmlFor={`${id}-body`}>Text</Label>
          <Textarea
            id={`${id}-body`}
            maxLength={RuleLimits.replyBody}
            value={action.body}
            onChange={(event) => set({ ...action, body: event.target.value })}
          />
          <p className="text-xs text-muted-foreground">
            Placeholders: {RULE_REPLY_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}. It is sent once
            per requester an hour at most, never to automatic mail or spam.
          </p>
        </div>
      )
    case 'webhook':
      return (
        <Input
          aria-label="Webhook address"
          type="url"
          maxLength={RuleLimits.webhookUrl}
          value={action.url}
          onChange={(event) => set({ ...action, url: event.target.value })}
        />
      )
    case 'route':
    case 'mark-spam':
      return null
  }
}

/** The rule's actions in the order they run: each with its type and fields, and remove. */
export function ActionsEditor({ actions, onChange, problems, ...choices }: TActionsProps) {
  const id = useId()
  const replace = (index: number, action: TRuleAction) =>
    onChange(actions.map((old, i) => (i === index ? action : old)))
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Then</legend>
      <ol className="grid gap-2">
        {actions.map((action, index) => (
          // Actions have no identity of their own: their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="grid gap-2 rounded-md border p-2" data-action-index={index}>
            <div className="flex flex-wrap items-start gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-${index}-type`}>Action {index + 1}</Label>
                <NativeSelect
                  id={`${id}-${index}-type`}
                  value={action.type}
                  onChange={(event) => replace(index, newAction(event.target.value as TRuleActionType))}
                >
                  {RULE_ACTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {ACTION_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid min-w-48 flex-1 gap-1 pt-6">
                <ActionFields action={action} set={(next) => replace(index, next)} {...choices} />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="mt-6"
                onClick={() => onChange(actions.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
                <span className="sr-only">Remove action {index + 1}</span>
              </Button>
            </div>
            {problems.get(index) && <p className="text-sm text-destructive">{problems.get(index)}</p>}
          </li>
        ))}
      </ol>
      {actions.length < RuleLimits.actions && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => onChange([...actions, newAction('set-priority')])}
        >
          <Plus aria-hidden="true" />
          Add action
        </Button>
      )}
    </fieldset>
  )
}
