import { UndoSend, undoSendSecondsOf } from '@parsedesk/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TWorkspace, teams, workspacesQueryKey } from '../current-workspace'

const SERVER_DEFAULT = ''
const CHOICES = [5, 10, 15, 20, 25, 30].filter(
  (seconds) => seconds >= UndoSend.minSeconds && seconds <= UndoSend.maxSeconds,
)

/**
 * How long the workspace's replies wait in the outbox for undo (decision 039): a team preference, which
 * owners and admins change (the server refuses anyone else); saved as it is chosen.
 */
export function UndoSendCard({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const id = useId()
  const queryClient = useQueryClient()
  const chosen = undoSendSecondsOf(workspace.prefs)
  const save = useMutation({
    mutationFn: (seconds: number | undefined) => {
      const others = Object.fromEntries(
        Object.entries(workspace.prefs as Record<string, unknown>).filter(([key]) => key !== UndoSend.pref),
      )
      return teams.updatePrefs({
        teamId: workspace.$id,
        prefs: seconds === undefined ? others : { ...others, [UndoSend.pref]: seconds },
      })
    },
    onSuccess: (_prefs, seconds) =>
      notifySuccess({
        title: 'Undo window saved',
        description: seconds === undefined ? "The server's default" : `${seconds} seconds`,
      }),
    onError: (error) =>
      notifyError({ title: 'The undo window was not saved', description: getErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Undo send</CardTitle>
        <CardDescription>
          A sent reply waits this long before it leaves, so its sender can take it back.
          {canManage ? '' : ' Only owners and admins can change it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={`${id}-seconds`}>Replies wait</Label>
        <NativeSelect
          id={`${id}-seconds`}
          value={chosen === undefined ? SERVER_DEFAULT : String(chosen)}
          disabled={!canManage || save.isPending}
          onChange={(event) =>
            save.mutate(event.target.value === SERVER_DEFAULT ? undefined : Number(event.target.value))
          }
        >
          <option value={SERVER_DEFAULT}>
            The server's default ({UndoSend.defaultSeconds} seconds unless set otherwise)
          </option>
          {CHOICES.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {seconds} seconds
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  )
}
