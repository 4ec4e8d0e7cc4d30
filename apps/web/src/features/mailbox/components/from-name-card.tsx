import { FROM_NAME_PATTERNS, FROM_NAME_PREF, FromNameLabels, fromNamePatternOf } from '@parsedesk/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { type TWorkspace, teams, workspacesQueryKey } from '@/features/workspaces/current-workspace'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'

/**
 * How a reply's From names its sender (decision 047): "Ada Lovelace from Acme" or "Acme" alone, a team
 * preference owners and admins choose; saved as chosen.
 */
export function FromNameCard({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const chosen = fromNamePatternOf(workspace.prefs)
  const save = useMutation({
    mutationFn: (pattern: string) =>
      teams.updatePrefs({
        teamId: workspace.$id,
        prefs: { ...(workspace.prefs as Record<string, unknown>), [FROM_NAME_PREF]: pattern },
      }),
    onSuccess: () => notifySuccess({ title: 'From name saved' }),
    onError: (error) =>
      notifyError({ title: 'The From name was not saved', description: getErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })
  const example = (pattern: (typeof FROM_NAME_PATTERNS)[number]) =>
    pattern === 'workspace' ? workspace.name : `Ada Lovelace from ${workspace.name}`

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>From name</CardTitle>
        <CardDescription>
          The name your customers see beside the address of a reply.
          {canManage ? '' : ' Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={`${id}-from-name`}>Replies are from</Label>
        <NativeSelect
          id={`${id}-from-name`}
          value={chosen}
          disabled={!canManage || save.isPending}
          onChange={(event) => save.mutate(event.target.value)}
        >
          {FROM_NAME_PATTERNS.map((pattern) => (
            <option key={pattern} value={pattern}>
              {FromNameLabels[pattern]}: “{example(pattern)}”
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  )
}
