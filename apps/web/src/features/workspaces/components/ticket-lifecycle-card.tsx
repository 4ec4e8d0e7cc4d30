import { zodResolver } from '@hookform/resolvers/zod'
import {
  LifecycleMessages,
  LifecycleSettings,
  lifecycleSettingsOf,
  type TLifecycleSettingName,
} from '@parsedesk/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TWorkspace, teams, workspacesQueryKey } from '../current-workspace'
import { lifecycleFormOf, lifecyclePrefsOf, type TLifecycleForm, ZLifecycleForm } from '../lifecycle-form'

const FIELDS: { name: TLifecycleSettingName; label: string; unit: string; hint: string }[] = [
  {
    name: 'csatDelayHours',
    label: 'Ask for a rating after',
    unit: 'hours',
    hint: 'After a ticket is closed, its requester gets one email to rate the help (at most one a week). 0 sends none.',
  },
  {
    name: 'pendingReminderDays',
    label: 'Remind a pending ticket’s requester after',
    unit: 'days',
    hint: 'A ticket waiting on the customer gets one reminder email.',
  },
  {
    name: 'pendingCloseDays',
    label: 'Close a pending ticket after',
    unit: 'days',
    hint: 'Counted from when it was set pending; later than the reminder.',
  },
  {
    name: 'lockClosedAfterDays',
    label: 'Lock a closed ticket after',
    unit: 'days',
    hint: 'The customer’s next mail then opens a new follow-up ticket; both tickets say so.',
  },
]

/**
 * Satisfaction surveys and auto-close (decision 057): four workspace preferences that owners and admins
 * change (the server refuses anyone else and checks each number), saved together.
 */
export function TicketLifecycleCard({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const queryClient = useQueryClient()
  const form = useForm<TLifecycleForm>({
    resolver: zodResolver(ZLifecycleForm),
    defaultValues: lifecycleFormOf(lifecycleSettingsOf(workspace.prefs)),
    // The close-after-reminder check is shown as the numbers are typed, and Save waits for a valid form.
    mode: 'onChange',
  })
  const save = useMutation({
    mutationFn: (values: TLifecycleForm) =>
      teams.updatePrefs({
        teamId: workspace.$id,
        prefs: { ...(workspace.prefs as Record<string, unknown>), ...lifecyclePrefsOf(values) },
      }),
    onSuccess: () => notifySuccess({ title: LifecycleMessages.saved }),
    onError: (error) =>
      notifyError({ title: LifecycleMessages.notSaved, description: getErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })
  const submit = form.handleSubmit((values) => save.mutate(values))

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Satisfaction surveys and auto-close</CardTitle>
        <CardDescription>
          What happens to a ticket once it waits on the customer or is closed.
          {canManage ? '' : ' Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form className="grid gap-4" onSubmit={submit} noValidate>
            {FIELDS.map(({ name, label, unit, hint }) => (
              <FormField
                key={name}
                control={form.control}
                name={name}
                // A new reminder may put the close before it: the close's check runs again.
                rules={name === 'pendingReminderDays' ? { deps: ['pendingCloseDays'] } : undefined}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      {label} ({unit})
                    </FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        type="number"
                        inputMode="numeric"
                        min={LifecycleSettings[name].min}
                        max={LifecycleSettings[name].max}
                        disabled={!canManage || save.isPending}
                        className="max-w-32"
                      />
                    </FormControl>
                    <p className="text-sm text-muted-foreground">
                      {hint} Default {LifecycleSettings[name].default}.
                    </p>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ))}
            {canManage && (
              <Button
                type="submit"
                className="justify-self-start"
                disabled={!form.formState.isValid || save.isPending}
              >
                Save
              </Button>
            )}
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
