import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck, Send } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import type { TUser } from '@/features/auth/session'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import { emailFormSchema, emptyEmailForm, hasPassword, type TEmailForm } from '../account-forms'
import { AccountTexts, AccountToasts } from '../account-messages'
import { useSendVerification, useUpdateEmail } from '../queries'
import { FormAlert, PasswordField } from './form-parts'
import { showRefusal } from './show-refusal'

function VerificationStatus({ user }: { user: TUser }) {
  const send = useSendVerification()

  const sendLink = async () => {
    try {
      await send.mutateAsync()
    } catch (error) {
      notifyError({
        title: AccountToasts.verificationFailed,
        description: getErrorMessage(error) || Toasts.tryLater,
      })
      return
    }
    notifySuccess({ title: AccountToasts.verificationSent, description: user.email })
  }

  if (user.emailVerification) {
    return (
      <p className="text-sm text-muted-foreground">
        You confirmed this address: mail about your account reaches you here.
      </p>
    )
  }
  return (
    <div className="grid justify-items-start gap-3">
      {send.isSuccess ? (
        <p role="status" className="text-sm">
          We sent a link to <span className="font-medium break-all">{user.email}</span>. Open it to confirm
          the address; it works for {AccountTexts.verificationLifetime}.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Confirm that this address is yours: we send it a link that works for{' '}
          {AccountTexts.verificationLifetime}.
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={send.isPending}
        onClick={() => void sendLink()}
      >
        {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {send.isPending ? 'Sending...' : send.isSuccess ? 'Send the link again' : 'Send verification link'}
      </Button>
    </div>
  )
}

function ChangeEmailForm({ user }: { user: TUser }) {
  const updateEmail = useUpdateEmail()
  // Where the last link went: the account keeps its address until that link is opened.
  const [sentTo, setSentTo] = useState<string>()
  const schema = useMemo(() => emailFormSchema({ currentEmail: user.email }), [user.email])
  const form = useForm<TEmailForm>({ resolver: zodResolver(schema), defaultValues: emptyEmailForm })

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      await updateEmail.mutateAsync({ email, password })
    } catch (error) {
      const message = showRefusal(form, error, { credentials: 'password' })
      notifyError({ title: AccountToasts.emailFailed, description: message })
      return
    }
    form.reset(emptyEmailForm)
    setSentTo(email)
    notifySuccess({ title: AccountToasts.emailLinkSent, description: AccountToasts.emailLinkSentText })
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change your email address">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>New email address</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="you@company.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <PasswordField
          control={form.control}
          name="password"
          label="Current password"
          autoComplete="current-password"
        />
        <FormAlert title={AccountToasts.emailFailed} message={form.formState.errors.root?.message} />
        {sentTo && (
          <p role="status" className="text-sm">
            We sent a link to <span className="font-medium break-all">{sentTo}</span>. Open it to move your
            account to that address; it works for {AccountTexts.emailChangeLifetime}. Until then you sign in
            with <span className="font-medium break-all">{user.email}</span>.
          </p>
        )}
        <Button type="submit" className="w-fit" disabled={updateEmail.isPending}>
          {updateEmail.isPending && <Spinner />}
          {updateEmail.isPending ? 'Sending...' : 'Change email'}
        </Button>
      </form>
    </Form>
  )
}

export function EmailCard({ user }: { user: TUser }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Email address</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-foreground">{user.email}</span>
          {user.emailVerification ? (
            <Badge tone="green">
              <MailCheck aria-hidden="true" className="size-3" />
              Verified
            </Badge>
          ) : (
            <Badge tone="yellow">Not verified</Badge>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {/* A new address starts afresh: a link sent to the old one says nothing about it. */}
        <VerificationStatus key={user.email} user={user} />
        <div className="grid gap-4 border-t pt-6">
          <h3 className="text-sm font-semibold">Change your address</h3>
          {hasPassword(user) ? (
            <>
              <p className="text-sm text-muted-foreground">
                We send a link to the new address: your account moves there, confirmed, when you open it.
              </p>
              <ChangeEmailForm key={user.email} user={user} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              Your account signs in with Google. Set a password first: changing the address asks for it.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
