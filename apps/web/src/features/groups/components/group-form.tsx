import { zodResolver } from '@hookform/resolvers/zod'
import {
  DEFAULT_TICKET_CATEGORIES,
  GroupLimits,
  ROUTING_STRATEGIES,
  RoutingLimits,
  RoutingStrategy,
  RoutingStrategyLabels,
  SkillLimits,
  type TMemberSkills,
  ZGroupUpdate,
} from '@parsedesk/contracts'
import { Save } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { useWorkspaceCategories } from '@/features/categories/queries'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TGroupDocument, type TGroupMember, useSaveGroup } from '../queries'
import { ListInput } from './list-input'
import { SkillRulesField } from './skill-rules-field'

type TGroupFormProps = {
  teamId: string
  members: TGroupMember[]
  /** The group to change; a new one when absent. */
  group?: TGroupDocument
  onDone?: () => void
}

/** A group's fields with the server's rules and messages. */
const ZGroupForm = ZGroupUpdate.required()
type TGroupForm = z.input<typeof ZGroupForm>
const EMPTY_GROUP: TGroupForm = {
  name: '',
  description: '',
  memberIds: [],
  strategy: RoutingStrategy.manual,
  cap: RoutingLimits.capDefault,
  skillsFirst: false,
  memberSkills: [],
  skillRules: [],
}

/** The first message among a nested field's errors (a skill rule's or a member's skills). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message
  for (const inner of Object.values(error)) {
    const found = firstMessage(inner)
    if (found) return found
  }
  return undefined
}

/** One member's skills put in the list (none: left out of it). */
function withSkills(list: TMemberSkills[], userId: string, skills: string[]): TMemberSkills[] {
  const others = list.filter((entry) => entry.userId !== userId)
  return skills.length === 0 ? others : [...others, { userId, skills }]
}

/**
 * A group's name, description, members and routing (decision 052) with its skills (decision 067), checked
 * as the server checks them.
 */
export function GroupForm({ teamId, members, group, onDone }: TGroupFormProps) {
  const save = useSaveGroup()
  const categories = useWorkspaceCategories(teamId).data?.categories ?? DEFAULT_TICKET_CATEGORIES
  const form = useForm<TGroupForm, unknown, z.output<typeof ZGroupForm>>({
    resolver: zodResolver(ZGroupForm),
    defaultValues: group
      ? {
          name: group.name,
          description: group.description,
          memberIds: group.memberIds,
          strategy: group.strategy,
          cap: group.cap,
          skillsFirst: group.skillsFirst,
          memberSkills: group.memberSkills,
          skillRules: group.skillRules,
        }
      : EMPTY_GROUP,
  })
  const { errors } = form.formState
  const problem = errors.root?.message
  const skillsProblem = firstMessage(errors.memberSkills) ?? firstMessage(errors.skillRules)

  const submit = form.handleSubmit(async (checked) => {
    // Skills are kept for the group's members only.
    const saved = {
      ...checked,
      memberSkills: checked.memberSkills.filter((entry) => checked.memberIds.includes(entry.userId)),
    }
    try {
      await save.mutateAsync({ teamId, groupId: group?.$id, group: saved })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the group', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: group ? 'Group saved' : 'Group created', description: saved.name })
    if (!group) form.reset(EMPTY_GROUP)
    onDone?.()
  })

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3"
        aria-label={group ? `Edit group ${group.name}` : 'New group'}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Group name</FormLabel>
              <FormControl>
                <Input maxLength={GroupLimits.name} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Input maxLength={GroupLimits.description} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="memberIds"
          render={({ field }) => (
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">Members</legend>
              {members.map((member) => (
                <div
                  key={member.userId}
                  className="grid gap-1 sm:grid-cols-[minmax(0,12rem)_1fr] sm:items-center"
                >
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={field.value.includes(member.userId)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, member.userId]
                            : field.value.filter((other) => other !== member.userId),
                        )
                      }
                    />
                    <span className="break-all">{member.name}</span>
                  </label>
                  {field.value.includes(member.userId) && (
                    <FormField
                      control={form.control}
                      name="memberSkills"
                      render={({ field: skills }) => (
                        <ListInput
                          aria-label={`Skills of ${member.name}`}
                          placeholder="Skills, such as billing, german"
                          maxLength={SkillLimits.perMember * (SkillLimits.skill + 2)}
                          value={skills.value.find((entry) => entry.userId === member.userId)?.skills ?? []}
                          onChange={(list) => skills.onChange(withSkills(skills.value, member.userId, list))}
                        />
                      )}
                    />
                  )}
                </div>
              ))}
            </fieldset>
          )}
        />
        <FormField
          control={form.control}
          name="strategy"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Routing</FormLabel>
              <FormControl>
                <select className="h-9 rounded-md border border-input bg-transparent px-3 text-sm" {...field}>
                  {ROUTING_STRATEGIES.map((strategy) => (
                    <option key={strategy} value={strategy}>
                      {RoutingStrategyLabels[strategy]}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="cap"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Open tickets per agent (cap)</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  min={RoutingLimits.capMin}
                  max={RoutingLimits.capMax}
                  {...field}
                  onChange={(event) => field.onChange(event.target.valueAsNumber)}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="skillsFirst"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
              />
              <span>Skills first: members holding every skill a ticket needs are picked before the rest</span>
            </label>
          )}
        />
        <FormField
          control={form.control}
          name="skillRules"
          render={({ field }) => (
            <SkillRulesField value={field.value} onChange={field.onChange} categories={categories} />
          )}
        />
        {skillsProblem && (
          <p role="alert" className="text-sm text-destructive">
            {skillsProblem}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="w-fit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
            {save.isPending ? 'Saving...' : group ? 'Save group' : 'Create group'}
          </Button>
          {onDone && group && (
            <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Form>
  )
}
