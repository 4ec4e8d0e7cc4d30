import { zodResolver } from '@hookform/resolvers/zod'
import {
  MONTHLY_TICKET_VOLUME_LABELS,
  MONTHLY_TICKET_VOLUMES,
  type TMonthlyTicketVolume,
  type TWaitlistRequest,
  WaitlistMessages,
  ZWaitlistRequest,
} from '@parsedesk/contracts'
import { useEffect, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage, getErrorStatus } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { useCreateDemoRequest } from '../queries'
import { useDemoRateLimit } from '../use-demo-rate-limit'

/** The select starts on its disabled placeholder, whose value is the empty string. */
type TDemoFormValues = Omit<TWaitlistRequest, 'monthly_support_tickets'> & {
  monthly_support_tickets: TMonthlyTicketVolume | ''
}

const emptyValues: TDemoFormValues = {
  full_name: '',
  work_email: '',
  company_name: '',
  monthly_support_tickets: '',
}

// The schema's input type says the select never holds '', but the placeholder does until a choice is made.
const resolver = zodResolver(ZWaitlistRequest) as unknown as Resolver<
  TDemoFormValues,
  unknown,
  TWaitlistRequest
>

type TDemoStatus = 'idle' | 'submitting' | 'submitted'

const buttonLabels: Record<TDemoStatus, string> = {
  idle: 'Request a Demo',
  submitting: 'Submitting...',
  submitted: 'Submitted',
}

const HTTP_TOO_MANY_REQUESTS = 429

function notifyRateLimited() {
  notifyError({ title: Toasts.demoRateLimited, description: WaitlistMessages.rateLimited })
}

export function DemoForm() {
  const [status, setStatus] = useState<TDemoStatus>('idle')
  const rateLimit = useDemoRateLimit()
  const createDemoRequest = useCreateDemoRequest()
  const form = useForm<TDemoFormValues, unknown, TWaitlistRequest>({ resolver, defaultValues: emptyValues })

  useEffect(() => {
    // "Submitted" holds until the visitor starts on another request.
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') setStatus((current) => (current === 'submitted' ? 'idle' : current))
    })
    return () => subscription.unsubscribe()
  }, [form])

  const sendRequest = form.handleSubmit(async (request) => {
    setStatus('submitting')
    try {
      await createDemoRequest.mutateAsync(request)
    } catch (error) {
      setStatus('idle')
      if (getErrorStatus(error) === HTTP_TOO_MANY_REQUESTS) notifyRateLimited()
      else notifyError({ title: Toasts.demoFailed, description: getErrorMessage(error) })
      return
    }
    rateLimit.recordSuccess()
    notifySuccess({ title: Toasts.demoSucceeded, description: Toasts.demoSucceededText })
    form.reset(emptyValues)
    setStatus('submitted')
  })

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (status !== 'idle') {
      event.preventDefault()
      return
    }
    // The limit is read again here: another tab may have used it up since this one rendered.
    if (rateLimit.checkBlocked()) {
      event.preventDefault()
      notifyRateLimited()
      return
    }
    return sendRequest(event)
  }

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Request a demo">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="full_name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Full Name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" placeholder="Jane Cooper" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="work_email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Work Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder="jane@company.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="company_name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Company Name</FormLabel>
                <FormControl>
                  <Input autoComplete="organization" placeholder="Acme Inc." {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="monthly_support_tickets"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Monthly Support Tickets</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="" disabled>
                      Select volume
                    </option>
                    {MONTHLY_TICKET_VOLUMES.map((volume) => (
                      <option key={volume} value={volume}>
                        {MONTHLY_TICKET_VOLUME_LABELS[volume]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={status !== 'idle'}
          aria-disabled={rateLimit.isBlocked || undefined}
          title={rateLimit.isBlocked ? WaitlistMessages.rateLimited : undefined}
        >
          {status === 'submitting' && <Spinner />}
          {buttonLabels[status]}
        </Button>
      </form>
    </Form>
  )
}
