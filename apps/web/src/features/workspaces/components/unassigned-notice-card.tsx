import { NotificationLimits, unassignedMinutesOf } from '@parsedesk/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TWorkspace, teams, workspacesQueryKey } from '../current-workspace'

const { unassignedMinutesPref: PREF, unassignedMinutesDefault: DEFAULT } = NotificationLimits
const CHOICES = [5, 10, 15, 30, 60, 120, 240, 480, 1440].filter(
  (minutes) =>
    minutes >= NotificationLimits.unassignedMinutesMin && minutes <= NotificationLimits.unassignedMinutesMax,
)

function minutesLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`
  const hours = minutes / 60
  return hours === 1 ? '1 hour' : `${hours} hours`
}

/**
 * How long a ticket of a group waits unassigned before the group's members are notified (decision 048): a
 * workspace preference owners and admins change (the server refuses anyone else), saved as it is chosen.
 */
export function UnassignedNoticeCard({
  workspace,
  canManage,
}: {
  workspace: TWorkspace
  canManage: boolean
}) {
  const id = useId()
  const queryClient = useQueryClient()
  const chosen = unassignedMinutesOf(workspace.prefs)
  const choices = CHOICES.includes(chosen) ? CHOICES : [...CHOICES, chosen].sort((a, b) => a - b)
  const save = useMutation({
    mutationFn: (minutes: number) =>
      teams.updatePrefs({
        teamId: workspace.$id,
        prefs: { ...(workspace.prefs as Record<string, unknown>), [PREF]: minutes },
      }),
    onSuccess: (_prefs, minutes) =>
      notifySuccess({ title: 'Unassigned notice saved', description: minutesLabel(minutes) }),
    onError: (error) =>
      notifyError({ title: 'The unassigned notice was not saved', description: getErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Unassigned tickets</CardTitle>
        <CardDescription>
          A ticket of a group that waits this long with nobody assigned is announced to the group’s members.
          {canManage ? '' : ' Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={`${id}-minutes`}>Notify the group after</Label>
        <NativeSelect
          id={`${id}-minutes`}
          value={String(chosen)}
          disabled={!canManage || save.isPending}
          onChange={(event) => save.mutate(Number(event.target.value))}
        >
          {choices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutesLabel(minutes)}
              {minutes === DEFAULT ? ' (default)' : ''}
            </option>
          ))}
        </NativeSelect>
        <p className="text-sm text-muted-foreground">
          Which notifications also reach each member by email is their own choice, in{' '}
          <Link
            to={Paths.accountSettings}
            className="font-medium text-foreground underline-offset-4 hover:underline"
          >
            Account settings
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  )
}
