import { zodResolver } from '@hookform/resolvers/zod'
import { Plug } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import {
  emptyImapAccountForm,
  portForTls,
  type TImapAccountFormValues,
  toImapAccountCreate,
  ZImapAccountForm,
} from '../imap-form'
import { MailboxToasts } from '../mailbox-messages'
import { useCreateImapAccount } from '../queries'

/** Loaded on demand with zod: most visits to the dashboard never connect a mailbox. */
export function ImapAccountForm({ userId, onDone }: { userId: string | undefined; onDone: () => void }) {
  const createAccount = useCreateImapAccount({ userId })
  const form = useForm<TImapAccountFormValues>({
    resolver: zodResolver(ZImapAccountForm),
    defaultValues: emptyImapAccountForm,
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await createAccount.mutateAsync(toImapAccountCreate(values))
    } catch (error) {
      notifyError({ title: MailboxToasts.imapConnectFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: MailboxToasts.imapConnected, description: MailboxToasts.imapConnectedText })
    form.reset(emptyImapAccountForm)
    onDone()
  })

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-lg border p-4"
        aria-label="Connect an IMAP mailbox"
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
          <FormField
            control={form.control}
            name="host"
            render={({ field }) => (
              <FormItem>
                <FormLabel>IMAP server</FormLabel>
                <FormControl>
                  <Input
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="imap.example.com"
                    autoFocus
                    {...field}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="port"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Port</FormLabel>
                <FormControl>
                  <Input inputMode="numeric" autoComplete="off" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="secure"
          render={({ field }) => (
            <FormItem className="flex items-center gap-2">
              <FormControl>
                <input
                  type="checkbox"
                  className="size-4 accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  checked={field.value}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  onChange={(event) => {
                    const secure = event.target.checked
                    field.onChange(secure)
                    form.setValue('port', portForTls({ port: form.getValues('port'), secure }))
                  }}
                />
              </FormControl>
              <FormLabel>Use TLS from the start (usually port 993)</FormLabel>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>User name</FormLabel>
              <FormControl>
                <Input autoComplete="off" spellCheck={false} placeholder="support@example.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Mailbox password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="moveTo"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Move fetched mail to (optional)</FormLabel>
              <FormControl>
                <Input autoComplete="off" placeholder="e.g. Parsedesk" {...field} />
              </FormControl>
              <p className="text-xs text-muted-foreground">
                Left empty, fetched mail is marked as read and stays where it is.
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={createAccount.isPending}>
            {createAccount.isPending ? <Spinner /> : <Plug aria-hidden="true" />}
            {createAccount.isPending ? 'Connecting...' : 'Connect mailbox'}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  )
}
