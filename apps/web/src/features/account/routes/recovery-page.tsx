import { zodResolver } from '@hookform/resolvers/zod'
import { AccountMessages } from '@parsedesk/contracts'
import { KeyRound, Send } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { setSessionUser, useSession } from '@/features/auth/session'
import { notifyError, notifySuccess } from '@/lib/notify'
import { isRefusedLink } from '../account-errors'
import {
  emptyNewPasswordForm,
  type TNewPasswordForm,
  type TRecoveryRequestForm,
  ZNewPasswordForm,
  ZRecoveryRequestForm,
} from '../account-forms'
import { readAccountLink, type TAccountLink } from '../account-link'
import { AccountTexts, AccountToasts } from '../account-messages'
import { FormAlert, PasswordField } from '../components/form-parts'
import { PageCard } from '../components/page-card'
import { showRefusal } from '../components/show-refusal'
import { useRequestRecovery, useResetPassword } from '../queries'

const TITLE = 'Reset your password'

/** Back to signing in, or to the settings for someone who is signed in. */
function BackLink() {
  const { user } = useSession()
  return user ? (
    <Button asChild variant="link" size="inline">
      <Link to={Paths.accountSettings}>Back to account settings</Link>
    </Button>
  ) : (
    <>
      Remembered it?
      <Button asChild variant="link" size="inline">
        <Link to={Paths.auth}>Sign In</Link>
      </Button>
    </>
  )
}

/** A link the server refused, or one that arrived cut short: the way on is a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <PageCard title={TITLE} footer={<BackLink />}>
      <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
        {message}
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={Paths.recovery}>
          <Send aria-hidden="true" />
          Ask for a new link
        </Link>
      </Button>
    </PageCard>
  )
}

function RequestRecovery() {
  const request = useRequestRecovery()
  const form = useForm<TRecoveryRequestForm>({
    resolver: zodResolver(ZRecoveryRequestForm),
    defaultValues: { email: '' },
  })

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email })
    } catch (error) {
      notifyError({ title: AccountToasts.recoveryFailed, description: showRefusal(form, error, {}) })
    }
  })

  if (request.isSuccess) {
    return (
      <PageCard title={TITLE} footer={<BackLink />}>
        <div role="status" className="grid gap-2 text-sm">
          <p className="font-medium">{AccountTexts.recoverySent}</p>
          <p className="text-muted-foreground">
            The link works for {AccountTexts.recoveryLifetime}. Nothing in your inbox? Look in the spam
            folder, or ask again.
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={() => {
            request.reset()
            form.reset({ email: '' })
          }}
        >
          Use another address
        </Button>
      </PageCard>
    )
  }

  return (
    <PageCard
      title={TITLE}
      description={`Enter your account's email address: we send it a link to choose a new password.`}
      footer={<BackLink />}
    >
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Ask for a reset link">
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email Address</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder="you@company.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormAlert title={AccountToasts.recoveryFailed} message={form.formState.errors.root?.message} />
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      </Form>
    </PageCard>
  )
}

function ResetPassword({ link }: { link: TAccountLink }) {
  const navigate = useNavigate()
  const { user } = useSession()
  const reset = useResetPassword()
  const [isRefused, setIsRefused] = useState(false)
  const form = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: emptyNewPasswordForm,
  })

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ link, password })
    } catch (error) {
      if (isRefusedLink(error)) {
        setIsRefused(true)
        notifyError({ title: AccountToasts.resetFailed, description: AccountMessages.linkInvalid })
        return
      }
      const message = showRefusal(form, error, { newPassword: 'password' })
      notifyError({ title: AccountToasts.resetFailed, description: message })
      return
    }
    // The server ended every session of the account, this browser's too if it was signed in to it.
    if (user?.$id === link.userId) setSessionUser(null)
    notifySuccess({ title: AccountToasts.recovered, description: AccountToasts.recoveredText })
    navigate(Paths.auth, { replace: true })
  })

  if (isRefused) return <LinkProblem message={AccountMessages.linkInvalid} />

  return (
    <PageCard
      title="Choose a new password"
      description="Every session of your account is signed out; then you sign in with the new password."
      footer={<BackLink />}
    >
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Choose a new password">
          <PasswordField
            control={form.control}
            name="password"
            label="New password"
            autoComplete="new-password"
            showRule
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
          />
          <FormAlert title={AccountToasts.resetFailed} message={form.formState.errors.root?.message} />
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      </Form>
    </PageCard>
  )
}

/**
 * `/recovery`: without a link, asks for the address to mail one to; with the link's `userId` and
 * `secret`, sets the new password. Open to signed-out visitors: they are the ones who need it.
 */
export function RecoveryPage() {
  const [searchParams] = useSearchParams()
  const link = useMemo(() => readAccountLink(searchParams), [searchParams])
  switch (link.kind) {
    case 'none':
      return <RequestRecovery />
    case 'broken':
      return <LinkProblem message={AccountTexts.linkBroken} />
    case 'link':
      return <ResetPassword key={`${link.userId}:${link.secret}`} link={link} />
  }
}
