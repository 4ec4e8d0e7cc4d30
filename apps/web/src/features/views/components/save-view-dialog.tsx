import { type TViewFilters, ViewLimits } from '@parsedesk/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useSaveView } from '../queries'

type TSaveViewDialogProps = {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  teamId: string | undefined
  filters: TViewFilters
  onSaved: (viewId: string) => void
}

/** Names the list's current filters as a view, the member's own or shared with the workspace. */
export function SaveViewDialog({ isOpen, onOpenChange, teamId, filters, onSaved }: TSaveViewDialogProps) {
  const saveView = useSaveView()
  const [name, setName] = useState('')
  const [shared, setShared] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setProblem('Please name the view')
      return
    }
    if (!teamId) return
    try {
      const saved = await saveView.mutateAsync({ teamId, name: name.trim(), filters, shared })
      notifySuccess({ title: `View “${saved.name}” saved` })
      setName('')
      setShared(false)
      setProblem(null)
      onSaved(saved.$id)
      onOpenChange(false)
    } catch (error) {
      notifyError({ title: 'Failed to save the view', description: getErrorMessage(error) })
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save view</DialogTitle>
          <DialogDescription>
            Keep these filters and this sort as a view of the ticket list.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-1">
            <label htmlFor="save-view-name" className="text-sm font-medium">
              View name
            </label>
            <Input
              id="save-view-name"
              value={name}
              maxLength={ViewLimits.name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'save-view-problem' : undefined}
            />
          </div>
          {problem && (
            <p id="save-view-problem" role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
            Share with the workspace
          </label>
          <DialogFooter>
            <Button type="submit" disabled={saveView.isPending}>
              {saveView.isPending && <Spinner />}
              Save view
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
