import { zodResolver } from '@hookform/resolvers/zod'
import { GitMerge } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { describeMerge, readTicketReference } from '../merge-split'
import { useMergeTarget, useMergeTicket } from '../queries'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { ticketPath } from '../ticket-path'

/** The number as typed ("#1042" or "1042"); the preview says what it names, the merge waits for a ticket. */
const ZMergeForm = z.object({ reference: z.string() })
type TMergeForm = z.infer<typeof ZMergeForm>

/** What the typed number names: the ticket to confirm by its subject, or why there is none yet. */
function TargetPreview({
  typed,
  number,
  target,
}: {
  typed: string
  number: number | null
  target: ReturnType<typeof useMergeTarget>
}) {
  if (!typed.trim()) return null
  if (number === null)
    return <p className="text-sm text-muted-foreground">Type a ticket number, like #1042.</p>
  if (target.error) return <p className="text-sm text-destructive">{getErrorMessage(target.error)}</p>
  if (target.data === undefined) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Looking up {ticketLabel(number)}...
      </p>
    )
  }
  if (target.data === null) {
    return <p className="text-sm text-muted-foreground">No ticket {ticketLabel(number)} in this workspace.</p>
  }
  return (
    <p data-testid="merge-target" className="rounded-md border bg-muted/40 px-3 py-2 text-sm break-words">
      <span className="mr-2 font-medium text-muted-foreground">{ticketLabel(target.data.number)}</span>
      {target.data.subject}
    </p>
  )
}

/**
 * Merge into…: the agent names the ticket this one duplicates by its number, sees its subject, and is
 * told what the merge does before it is done. The server's refusal (into itself, a merged ticket) is shown
 * in its own words; once merged, the agent lands on the ticket the conversation carries on in.
 */
export function MergeButton({ ticket }: { ticket: TTicketPageDocument }) {
  const [isOpen, setIsOpen] = useState(false)
  const form = useForm<TMergeForm>({ resolver: zodResolver(ZMergeForm), defaultValues: { reference: '' } })
  const typed = form.watch('reference')
  const number = readTicketReference(typed)
  const target = useMergeTarget({ teamId: ticket.teamId, number })
  const merge = useMergeTicket()
  const navigate = useNavigate()
  const found = number === null ? null : (target.data ?? null)

  const openChange = (open: boolean) => {
    if (merge.isPending) return
    setIsOpen(open)
    if (open) return
    form.reset()
    merge.reset()
  }

  const submit = form.handleSubmit(async () => {
    if (!found) return
    try {
      await merge.mutateAsync({ ticketId: ticket.$id, targetId: found.$id })
    } catch {
      return
    }
    setIsOpen(false)
    if (found.number !== undefined) void navigate(ticketPath(found.number))
  })

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => openChange(true)}>
        <GitMerge aria-hidden="true" />
        Merge into…
      </Button>
      <Dialog open={isOpen} onOpenChange={openChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Merge {ticketLabel(ticket.number)} into another ticket</DialogTitle>
            <DialogDescription>
              For a duplicate: its conversation joins the ticket you name. A merge is not undone.
            </DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={submit} noValidate className="grid gap-4">
              <FormField
                control={form.control}
                name="reference"
                render={({ field }) => (
                  <FormItem className="gap-1">
                    <FormLabel>Ticket number</FormLabel>
                    <FormControl>
                      <Input
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="#1042"
                        {...field}
                        onChange={(event) => {
                          field.onChange(event)
                          merge.reset()
                        }}
                      />
                    </FormControl>
                  </FormItem>
                )}
              />
              <TargetPreview typed={typed} number={number} target={target} />
              {found && <p className="text-sm font-medium">{describeMerge(ticket.number, found.number)}</p>}
              {merge.error && (
                <p role="alert" className="text-sm break-words text-destructive">
                  {getErrorMessage(merge.error)}
                </p>
              )}
              <DialogFooter>
                <Button type="submit" disabled={!found || merge.isPending}>
                  {merge.isPending && <Spinner />}
                  {found ? `Merge into ${ticketLabel(found.number)}` : 'Merge'}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  )
}
