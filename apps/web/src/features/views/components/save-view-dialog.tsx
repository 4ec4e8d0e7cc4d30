import { zodResolver } from '@hookform/resolvers/zod'
import { type TViewFilters, ViewLimits, ZViewCreate } from '@parsedesk/contracts'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useSaveView } from '../queries'

/** What the dialog asks: the view's name (the contracts' rule and message) and whether it is shared. */
const ZSaveViewForm = ZViewCreate.pick({ name: true, shared: true })
type TSaveViewForm = z.input<typeof ZSaveViewForm>
const EMPTY: TSaveViewForm = { name: '', shared: false }

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
  const form = useForm<TSaveViewForm, unknown, z.output<typeof ZSaveViewForm>>({
    resolver: zodResolver(ZSaveViewForm),
    defaultValues: EMPTY,
  })

  const submit = form.handleSubmit(async ({ name, shared }) => {
    if (!teamId) return
    try {
      const saved = await saveView.mutateAsync({ teamId, name, filters, shared })
      notifySuccess({ title: `View “${saved.name}” saved` })
      form.reset(EMPTY)
      onSaved(saved.$id)
      onOpenChange(false)
    } catch (error) {
      notifyError({ title: 'Failed to save the view', description: getErrorMessage(error) })
    }
  })

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save view</DialogTitle>
          <DialogDescription>
            Keep these filters and this sort as a view of the ticket list.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem className="gap-1">
                  <FormLabel>View name</FormLabel>
                  <FormControl>
                    <Input maxLength={ViewLimits.name} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="shared"
              render={({ field }) => (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={field.name}
                    ref={field.ref}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                  Share with the workspace
                </label>
              )}
            />
            <DialogFooter>
              <Button type="submit" disabled={saveView.isPending}>
                {saveView.isPending && <Spinner />}
                Save view
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
