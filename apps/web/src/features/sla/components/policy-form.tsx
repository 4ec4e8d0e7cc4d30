import { zodResolver } from '@hookform/resolvers/zod'
import {
  SLA_METRICS,
  SlaPolicyLimits,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketStatus,
  type TSlaMetric,
  type TTicketPriority,
} from '@parsedesk/contracts'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormFooter } from '@/components/form-footer'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { ListInput } from '@/features/groups/components/list-input'
import { useGroups } from '@/features/groups/queries'
import { useMailboxDirectory } from '@/features/mailbox/queries'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { gridOf, type TPolicyFormInput, ZPolicyForm } from '../form-values'
import { type TPolicyDocument, useSavePolicy } from '../settings-queries'

export const METRIC_LABELS: Record<TSlaMetric, string> = {
  'first-reply': 'First reply',
  'next-reply': 'Next reply',
  resolution: 'Resolution',
}

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list, value] : list.filter((item) => item !== value)

type TPolicyFormProps = {
  teamId: string
  /** Where a new policy goes in the list: after the last one. */
  nextPosition: number
  /** The policy to change; a new one when absent. */
  policy?: TPolicyDocument
  onDone?: () => void
}

/**
 * An SLA policy: its place in the ordered list, what it matches (priority, group, mailbox the mail came to,
 * category, tag; an empty choice matches anything), its
 * targets per priority in business or calendar minutes, and the statuses that pause its clocks.
 */
export function PolicyForm({ teamId, nextPosition, policy, onDone }: TPolicyFormProps) {
  const save = useSavePolicy()
  const groups = useGroups(teamId).data ?? []
  const mailboxes = useMailboxDirectory(teamId).data?.mailboxes ?? []
  const form = useForm<TPolicyFormInput, unknown, z.output<typeof ZPolicyForm>>({
    resolver: zodResolver(ZPolicyForm) as never,
    defaultValues: {
      name: policy?.name ?? '',
      position: String(policy?.position ?? nextPosition),
      priorities: policy?.conditions.priorities ?? [],
      groupIds: policy?.conditions.groupIds ?? [],
      categories: policy?.conditions.categories ?? [],
      tags: policy?.conditions.tags ?? [],
      mailboxIds: policy?.conditions.mailboxIds ?? [],
      grid: gridOf(policy?.targets),
      pausedStatuses: policy?.pausedStatuses ?? [TicketStatus.pending],
    },
  })
  const problem = form.formState.errors.root?.message

  const submit = form.handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ teamId, documentId: policy?.$id, data })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the SLA policy', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: policy ? 'SLA policy saved' : 'SLA policy created', description: data.name })
    onDone?.()
  })

  /** A list of checkboxes, one per choice, holding the chosen values in the form's `name`. */
  const checkboxes = <T extends string>(
    name: 'priorities' | 'groupIds' | 'mailboxIds' | 'pausedStatuses',
    choices: readonly { value: T; label: string }[],
  ) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <>
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={(field.value as readonly string[]).includes(choice.value)}
                onChange={(e) => field.onChange(toggled(field.value as T[], choice.value, e.target.checked))}
              />
              {choice.label}
            </label>
          ))}
          {form.formState.errors[name]?.message && (
            <p role="alert" className="text-sm text-destructive">
              {form.formState.errors[name]?.message}
            </p>
          )}
        </>
      )}
    />
  )

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3"
        aria-label={policy ? `Edit SLA policy ${policy.name}` : 'New SLA policy'}
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Policy name</FormLabel>
                <FormControl>
                  <Input maxLength={SlaPolicyLimits.name} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="position"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Order</FormLabel>
                <FormControl>
                  <Input type="number" min={0} max={SlaPolicyLimits.position} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Applies to (nothing chosen: any ticket)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span className="text-muted-foreground">Priority</span>
            {checkboxes(
              'priorities',
              TICKET_PRIORITIES.map((priority) => ({ value: priority, label: priority })),
            )}
          </div>
          {groups.length > 0 && (
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <span className="text-muted-foreground">Group</span>
              {checkboxes(
                'groupIds',
                groups.map((group) => ({ value: group.$id, label: group.name })),
              )}
            </div>
          )}
          {mailboxes.length > 0 && (
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <span className="text-muted-foreground">Mailbox</span>
              {checkboxes(
                'mailboxIds',
                mailboxes.map((mailbox) => ({ value: mailbox.id, label: mailbox.label })),
              )}
            </div>
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="categories"
              render={({ field }) => (
                <FormItem className="gap-1.5">
                  <FormLabel>Categories</FormLabel>
                  <FormControl>
                    <ListInput
                      placeholder="billing, technical-problem"
                      value={field.value}
                      onChange={field.onChange}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="tags"
              render={({ field }) => (
                <FormItem className="gap-1.5">
                  <FormLabel>Tags</FormLabel>
                  <FormControl>
                    <ListInput placeholder="vip" value={field.value} onChange={field.onChange} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
        </fieldset>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">Targets in minutes (empty: none)</legend>
          <div className="overflow-x-auto">
            <table className="text-sm">
              <thead>
                <tr>
                  <th className="pr-3 text-left font-medium text-muted-foreground">Priority</th>
                  {SLA_METRICS.map((metric) => (
                    <th key={metric} className="pr-3 text-left font-medium text-muted-foreground">
                      {METRIC_LABELS[metric]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {TICKET_PRIORITIES.map((priority) => (
                  <tr key={priority}>
                    <td className="pr-3 capitalize">{priority}</td>
                    {SLA_METRICS.map((metric) => (
                      <td key={metric} className="py-1 pr-3 align-top">
                        <TargetCell priority={priority} metric={metric} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="mb-1 text-sm font-medium">Statuses that pause the clocks</legend>
          {checkboxes(
            'pausedStatuses',
            TICKET_STATUSES.filter((status) => status !== TicketStatus.closed).map((status) => ({
              value: status,
              label: status,
            })),
          )}
        </fieldset>
        <FormFooter
          problem={problem}
          submitting={form.formState.isSubmitting}
          submitLabel={policy ? 'Save policy' : 'Create policy'}
          onCancel={policy ? onDone : undefined}
        />
      </form>
    </Form>
  )
}

/** One priority's target for one metric: its minutes and whether they are business hours. */
function TargetCell({ priority, metric }: { priority: TTicketPriority; metric: TSlaMetric }) {
  const label = `${METRIC_LABELS[metric]} minutes, ${priority} priority`
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <FormField<TPolicyFormInput, `grid.${TTicketPriority}.${TSlaMetric}.minutes`>
          name={`grid.${priority}.${metric}.minutes`}
          render={({ field }) => (
            <FormItem>
              <FormControl>
                <Input aria-label={label} inputMode="numeric" className="w-24" {...field} />
              </FormControl>
              <FormMessage className="max-w-40 text-xs" />
            </FormItem>
          )}
        />
        <FormField<TPolicyFormInput, `grid.${TTicketPriority}.${TSlaMetric}.businessHours`>
          name={`grid.${priority}.${metric}.businessHours`}
          render={({ field }) => (
            <label className="flex items-center gap-1 self-start pt-2 text-xs text-muted-foreground">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                aria-label={`${label} in business hours`}
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
              />
              business
            </label>
          )}
        />
      </div>
    </div>
  )
}
