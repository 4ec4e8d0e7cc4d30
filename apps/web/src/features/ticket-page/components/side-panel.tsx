import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TTicketCategory,
  type TTicketPriority,
  type TTicketStatus,
  ZTicketCc,
  ZTicketTags,
} from '@parsedesk/contracts'
import type { ReactNode, Ref } from 'react'
import type { TMembership } from '@/features/workspaces/queries'
import { FORMER_MEMBER, REMOVED_GROUP } from '../event-wording'
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  type TGroupDocument,
  type TTicketChange,
  type TTicketPageDocument,
} from '../ticket-page-model'
import { ListField } from './list-field'
import { RequesterSection } from './requester-card'
import { SelectField, type TOption } from './select-field'

const STATUS_OPTIONS: TOption[] = TICKET_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}))
const PRIORITY_OPTIONS: TOption[] = [
  { value: '', label: 'None' },
  ...TICKET_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] })),
]
function isStatus(value: string): value is TTicketStatus {
  return (TICKET_STATUSES as readonly string[]).includes(value)
}

function isPriority(value: string): value is TTicketPriority {
  return (TICKET_PRIORITIES as readonly string[]).includes(value)
}

function assigneeOptions(members: readonly TMembership[]): TOption[] {
  return [
    { value: '', label: 'Unassigned' },
    ...members
      .filter((member) => member.confirm)
      .map((member) => ({ value: member.userId, label: member.userName.trim() || member.userEmail })),
  ]
}

function groupOptions(groups: readonly TGroupDocument[]): TOption[] {
  return [{ value: '', label: 'None' }, ...groups.map((group) => ({ value: group.$id, label: group.name }))]
}

/**
 * Every field of the ticket a member works, each saved as it is changed through the server, which logs it;
 * then the requester and the analysis. After the conversation in the page's order, so Tab reaches the
 * composer first.
 */
export function SidePanel({
  ticket,
  members,
  groups,
  categories,
  onChange,
  statusRef,
  customFields,
  analysis,
}: {
  ticket: TTicketPageDocument
  members: readonly TMembership[]
  groups: readonly TGroupDocument[]
  /** The workspace's categories; a ticket stores the key. */
  categories: readonly TTicketCategory[]
  onChange: (change: TTicketChange) => Promise<unknown>
  /** The status select, which the `s` key focuses. */
  statusRef?: Ref<HTMLSelectElement>
  /** The ticket's custom fields and what a template read from its mail. */
  customFields?: ReactNode
  analysis: ReactNode
}) {
  return (
    <aside
      id="ticket-fields"
      aria-label="Ticket fields"
      className="grid content-start gap-4 rounded-xl border bg-card p-4 shadow-sm"
    >
      <SelectField
        selectRef={statusRef}
        label="Status"
        value={ticket.status}
        options={STATUS_OPTIONS}
        onSave={(value) => (isStatus(value) ? onChange({ status: value }) : Promise.resolve())}
      />
      <SelectField
        label="Priority"
        value={ticket.priority ?? ''}
        options={PRIORITY_OPTIONS}
        onSave={(value) => onChange({ priority: isPriority(value) ? value : null })}
      />
      <SelectField
        label="Category"
        value={ticket.category ?? ''}
        options={categories.map(({ key, name }) => ({ value: key, label: name }))}
        onSave={(value) => onChange({ category: value })}
      />
      <SelectField
        label="Assignee"
        value={ticket.assigneeId ?? ''}
        options={assigneeOptions(members)}
        unknownLabel={FORMER_MEMBER}
        onSave={(value) => onChange({ assigneeId: value || null })}
      />
      <SelectField
        label="Group"
        value={ticket.groupId ?? ''}
        options={groupOptions(groups)}
        unknownLabel={REMOVED_GROUP}
        onSave={(value) => onChange({ groupId: value || null })}
      />
      <ListField
        label="Tags"
        noun="tag"
        items={ticket.tags ?? []}
        schema={ZTicketTags}
        placeholder="Add a tag"
        onSave={(tags) => onChange({ tags })}
      />
      <ListField
        label="CC"
        noun="CC address"
        items={ticket.cc ?? []}
        schema={ZTicketCc}
        inputType="email"
        placeholder="name@example.com"
        onSave={(cc) => onChange({ cc })}
      />
      {customFields}
      <RequesterSection ticket={ticket} />
      <div className="border-t pt-4">{analysis}</div>
    </aside>
  )
}
