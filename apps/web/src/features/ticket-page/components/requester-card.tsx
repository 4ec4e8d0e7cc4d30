import { zodResolver } from '@hookform/resolvers/zod'
import { ZContactUpdate } from '@parsedesk/contracts'
import { Check } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { type TContactDocument, useContact, useUpdateContact } from '@/features/contacts/queries'
import { StatusBadge } from '@/features/tickets/components/ticket-badges'
import { getErrorMessage } from '@/lib/errors'
import { useOtherTickets } from '../queries'
import { type TTicketPageDocument, ticketLabel } from '../ticket-page-model'
import { ticketPath } from '../ticket-path'
import { FieldError } from './field-error'

const ZContactForm = ZContactUpdate.required()
type TContactForm = z.input<typeof ZContactForm>

/** The contact's name and organisation, which members keep up to date; the address is the contact. */
function ContactForm({ contact }: { contact: TContactDocument }) {
  const id = useId()
  const update = useUpdateContact()
  const form = useForm<TContactForm, unknown, z.output<typeof ZContactForm>>({
    resolver: zodResolver(ZContactForm),
    // The contact as it changes elsewhere, except for a field the member is editing.
    values: { name: contact.name, organisation: contact.organisation },
    resetOptions: { keepDirtyValues: true },
  })
  const submit = form.handleSubmit((change) =>
    update.mutate(
      { contactId: contact.$id, change },
      { onSuccess: (saved) => form.reset({ name: saved.name, organisation: saved.organisation }) },
    ),
  )
  return (
    <Form {...form}>
      <form className="grid gap-2" onSubmit={submit} noValidate>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input placeholder="Unknown" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="organisation"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Organisation</FormLabel>
              <FormControl>
                <Input placeholder="Unknown" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {form.formState.isDirty && (
          <Button type="submit" size="sm" className="w-fit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : <Check aria-hidden="true" />}
            {update.isPending ? 'Saving...' : 'Save requester'}
          </Button>
        )}
        <FieldError id={`${id}-error`} message={update.error ? getErrorMessage(update.error) : null} />
      </form>
    </Form>
  )
}

function OtherTickets({ ticket }: { ticket: TTicketPageDocument }) {
  const others = useOtherTickets({
    teamId: ticket.teamId,
    requester: ticket.requesterId ? { requesterId: ticket.requesterId } : { email: ticket.email },
  })
  const list = (others.data ?? []).filter((other) => other.$id !== ticket.$id)
  if (others.error) {
    return (
      <p role="alert" className="text-xs text-destructive">
        {getErrorMessage(others.error)}
      </p>
    )
  }
  if (others.isPending) return null
  if (list.length === 0) return <p className="text-xs text-muted-foreground">None</p>
  return (
    <ul aria-label="The requester’s other tickets" className="grid gap-1.5">
      {list.map((other) => (
        <li key={other.$id} className="flex min-w-0 items-center gap-2 text-sm">
          <Link
            to={ticketPath(other.number ?? 0)}
            className="min-w-0 truncate rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          >
            {ticketLabel(other.number)} {other.subject}
          </Link>
          <StatusBadge status={other.status} />
        </li>
      ))}
    </ul>
  )
}

/**
 * Who asked, and what else they asked: the ticket's contact (name, address, organisation), or its
 * address alone on a ticket without one.
 */
export function RequesterSection({ ticket }: { ticket: TTicketPageDocument }) {
  const contact = useContact(ticket.requesterId)
  return (
    <section aria-labelledby="ticket-requester-title" className="grid gap-2 border-t pt-4">
      <h2 id="ticket-requester-title" className="text-sm font-semibold">
        Requester
      </h2>
      <dl className="grid gap-1 text-sm">
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="min-w-0 break-all">{contact.data?.email ?? ticket.email}</dd>
        </div>
      </dl>
      {contact.data && <ContactForm key={contact.data.$id} contact={contact.data} />}
      {contact.error && (
        <p role="alert" className="text-xs text-destructive">
          {getErrorMessage(contact.error)}
        </p>
      )}
      <h3 className="text-xs text-muted-foreground">Their other tickets</h3>
      <OtherTickets ticket={ticket} />
    </section>
  )
}
