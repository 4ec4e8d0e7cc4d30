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
import { useMergeSuggestions, useMergeTarget, useMergeTicket } from '../queries'
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
  if (target.data.mergedIntoId) {
    return (
      <p className="text-sm text-muted-foreground">
        {ticketLabel(number)} was merged into another ticket: merge into that one.
      </p>
    )
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
  // A merged ticket is no target: its conversation goes on in the one it was merged into.
  const found = number === null || target.data?.mergedIntoId ? null : (target.data ?? null)
  const suggestions = useMergeSuggestions(ticket, isOpen)

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
              {(suggestions.data?.length ?? 0) > 0 && (
                <section aria-label="The requester's other open tickets" className="grid gap-1">
                  <p className="text-sm text-muted-foreground">Other open tickets from {ticket.email}:</p>
                  <ul className="grid gap-1">
                    {suggestions.data?.map((other) => (
                      <li key={other.$id}>
                        <button
                          type="button"
                          className="w-full rounded-md border px-3 py-2 text-left text-sm break-words hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                          onClick={() => {
                            form.setValue('reference', ticketLabel(other.number))
                            merge.reset()
                          }}
                        >
                          <span className="mr-2 font-medium text-muted-foreground">
                            {ticketLabel(other.number)}
                          </span>{' '}
                          {other.subject}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
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
