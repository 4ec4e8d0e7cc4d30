import {
  DEFAULT_TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TViewFilters,
  type TViewSort,
  VIEW_SORTS,
  ViewAssignee,
  ViewMailbox,
  ViewSortLabels,
} from '@parsedesk/contracts'
import { Search } from 'lucide-react'
import type * as React from 'react'
import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { useWorkspaceCategories } from '@/features/categories/queries'
import { useGroups } from '@/features/groups/queries'
import { useMailboxDirectory } from '@/features/mailbox/queries'
import { useCustomFields } from '@/features/templates/queries'
import { CustomFieldFilters } from './custom-field-filters'

const ANY = ''
/** Shown when a view asks for several values of a field, which one select cannot show. */
const SEVERAL = '*'

type TViewFiltersProps = {
  /** The workspace whose categories, groups and mailboxes the filters offer. */
  teamId: string | undefined
  filters: TViewFilters
  onChange: (filters: TViewFilters) => void
}

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId()
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  )
}

function listValue(values: readonly string[]): string {
  if (values.length === 0) return ANY
  return values.length === 1 ? (values[0] as string) : SEVERAL
}

/** One select per listed field: any, or one value; a view's several values show as such until changed. */
function ListSelect<T extends string>(props: {
  label: string
  values: readonly T[]
  options: readonly T[]
  onChange: (values: T[]) => void
  /** What an option reads as (a category's name for its key); the value itself unless given. */
  labelOf?: (option: T) => string
}) {
  const labelOf = props.labelOf ?? ((option: T) => option)
  return (
    <Field label={props.label}>
      {(id) => (
        <NativeSelect
          id={id}
          value={listValue(props.values)}
          onChange={(event) => props.onChange(event.target.value === ANY ? [] : [event.target.value as T])}
        >
          <option value={ANY}>Any</option>
          {props.values.length > 1 && (
            <option value={SEVERAL} disabled>
              {props.values.map(labelOf).join(', ')}
            </option>
          )}
          {props.options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}

/** Where tickets came in: the form (no mailbox), the parsing address, each IMAP mailbox by its address. */
function MailboxSelect({
  teamId,
  value,
  onChange,
}: {
  teamId: string | undefined
  value: string | undefined
  onChange: (mailbox: string | undefined) => void
}) {
  const directory = useMailboxDirectory(teamId)
  const options = directory.data?.mailboxes ?? []
  // Until the directory is read, a saved view's mailbox is not "another" one: it is not named yet.
  const isUnknown =
    directory.isSuccess &&
    !!value &&
    value !== ViewMailbox.none &&
    !options.some((option) => option.id === value)
  return (
    <Field label="Mailbox">
      {(id) => (
        <NativeSelect
          id={id}
          value={value ?? ANY}
          onChange={(event) => onChange(event.target.value === ANY ? undefined : event.target.value)}
        >
          <option value={ANY}>Any mailbox</option>
          <option value={ViewMailbox.none}>Form (no mailbox)</option>
          {isUnknown && <option value={value}>Another mailbox</option>}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}

/** The list's search box: `/` comes here from anywhere on the list. */
export function SearchBox({
  search,
  onSearch,
  searchRef,
}: {
  search: string
  onSearch: (text: string) => void
  searchRef: React.Ref<HTMLInputElement>
}) {
  return (
    <div className="relative min-w-0">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={searchRef}
        type="search"
        aria-label="Search tickets"
        placeholder="Search subjects and messages (press /)"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className="pl-9"
      />
    </div>
  )
}

/** The filters and sort of the list; each change lists again at once. */
export function ViewFilters({ teamId, filters, onChange }: TViewFiltersProps) {
  const set = (patch: Partial<TViewFilters>) => onChange({ ...filters, ...patch })
  const categories = useWorkspaceCategories(teamId).data?.categories ?? DEFAULT_TICKET_CATEGORIES
  const categoryName = new Map(categories.map((category) => [category.key, category.name]))
  const groups = useGroups(teamId).data ?? []
  // The fields an admin shows in the filters, and any other this view filters on.
  const customFields = (useCustomFields(teamId).data ?? []).filter(
    (field) => field.shown || filters.customFields?.some((filter) => filter.key === field.key),
  )
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <ListSelect
          label="Status"
          values={filters.status}
          options={TICKET_STATUSES}
          onChange={(status) => set({ status })}
        />
        <ListSelect
          label="Priority"
          values={filters.priority}
          options={TICKET_PRIORITIES}
          onChange={(priority) => set({ priority })}
        />
        <ListSelect
          label="Category"
          values={filters.category}
          options={categories.map((category) => category.key)}
          labelOf={(key) => categoryName.get(key) ?? key}
          onChange={(category) => set({ category })}
        />
        <Field label="Group">
          {(id) => (
            <NativeSelect
              id={id}
              value={filters.groupId ?? ANY}
              onChange={(event) =>
                set({ groupId: event.target.value === ANY ? undefined : event.target.value })
              }
            >
              <option value={ANY}>Any group</option>
              {filters.groupId && !groups.some((group) => group.$id === filters.groupId) && (
                <option value={filters.groupId}>A removed group</option>
              )}
              {groups.map((group) => (
                <option key={group.$id} value={group.$id}>
                  {group.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Assignee">
          {(id) => (
            <NativeSelect
              id={id}
              value={filters.assignee ?? ANY}
              onChange={(event) =>
                set({ assignee: event.target.value === ANY ? undefined : event.target.value })
              }
            >
              <option value={ANY}>Anyone</option>
              <option value={ViewAssignee.me}>Me</option>
              <option value={ViewAssignee.none}>Unassigned</option>
              {filters.assignee &&
                filters.assignee !== ViewAssignee.me &&
                filters.assignee !== ViewAssignee.none && (
                  <option value={filters.assignee}>Another member</option>
                )}
            </NativeSelect>
          )}
        </Field>
        <MailboxSelect teamId={teamId} value={filters.mailbox} onChange={(mailbox) => set({ mailbox })} />
        <Field label="Tag">
          {(id) => (
            <Input
              id={id}
              value={filters.tags.join(', ')}
              placeholder="e.g. vip"
              onChange={(event) =>
                set({
                  tags: event.target.value
                    .split(',')
                    .map((tag) => tag.trim().toLowerCase())
                    .filter(Boolean),
                })
              }
            />
          )}
        </Field>
        <Field label="Created from">
          {(id) => (
            <Input
              id={id}
              type="date"
              value={filters.createdFrom ?? ''}
              onChange={(event) => set({ createdFrom: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Created to">
          {(id) => (
            <Input
              id={id}
              type="date"
              value={filters.createdTo ?? ''}
              onChange={(event) => set({ createdTo: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Sort">
          {(id) => (
            <NativeSelect
              id={id}
              value={filters.sort}
              onChange={(event) => set({ sort: event.target.value as TViewSort })}
            >
              {VIEW_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {ViewSortLabels[sort]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <CustomFieldFilters fields={customFields} filters={filters} onChange={onChange} />
      </div>
    </div>
  )
}
