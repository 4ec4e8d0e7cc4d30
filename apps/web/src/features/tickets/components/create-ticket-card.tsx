import type { TTicketCreate } from '@parsedesk/contracts'
import { Send, Shuffle } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import type { TUser } from '@/features/auth/session'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { getErrorMessage } from '@/lib/errors'
import { TicketFormErrors, Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { generateFakeTicket } from '../fake-ticket'
import { useCreateTicket } from '../queries'
import { emptyTicketForm, validateTicketForm } from '../ticket-form'

export function CreateTicketCard({ user }: { user: TUser | null }) {
  const createTicket = useCreateTicket()
  const teamId = useCurrentWorkspaceId(user?.$id)
  const form = useForm<TTicketCreate>({ defaultValues: emptyTicketForm })
  const [formError, setFormError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (values) => {
    const problem = validateTicketForm({ hasUser: !!user, values })
    setFormError(problem)
    // An empty field is said once, inline under the form; the toast is for a create that failed.
    if (problem === TicketFormErrors.emptyFields) return
    if (problem || !user) {
      notifyError({ title: Toasts.ticketCreateFailed, description: problem ?? undefined })
      return
    }
    try {
      await createTicket.mutateAsync({ userId: user.$id, teamId, ticket: values })
    } catch (error) {
      notifyError({ title: Toasts.ticketCreateFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: Toasts.ticketCreated, description: Toasts.ticketCreatedText })
    form.reset(emptyTicketForm)
  })

  const fillWithFakeData = () => {
    setFormError(null)
    form.reset(generateFakeTicket())
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create New Ticket</CardTitle>
        <CardDescription>Submit your support request and we'll get back to you shortly</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-4"
            aria-describedby={formError ? 'ticket-form-error' : undefined}
          >
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Your Email</FormLabel>
                  <FormControl>
                    <Input
                      type="email"
                      autoComplete="email"
                      placeholder={user?.email ?? 'Loading...'}
                      {...field}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="subject"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Subject</FormLabel>
                  <FormControl>
                    <Input placeholder="Brief description of your issue" {...field} />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="body"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Message</FormLabel>
                  <FormControl>
                    <Textarea
                      placeholder="Please provide details about your issue..."
                      className="min-h-[150px]"
                      {...field}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
            {formError && (
              <p id="ticket-form-error" role="alert" className="text-sm text-destructive">
                {formError}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={createTicket.isPending}>
                {createTicket.isPending ? <Spinner /> : <Send aria-hidden="true" />}
                Submit Ticket
              </Button>
              <Button type="button" variant="outline" onClick={fillWithFakeData}>
                <Shuffle aria-hidden="true" />
                Generate Fake Data
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
