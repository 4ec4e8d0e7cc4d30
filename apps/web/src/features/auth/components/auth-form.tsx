import { ErrorType, PasswordMessages } from '@parsedesk/contracts'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { getErrorType, serverMessageOf } from '@/lib/errors'
import { AuthFormErrors, Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import type { TAuthMode } from '../auth-links'
import { useSignIn, useSignUp } from '../queries'

export type { TAuthMode } from '../auth-links'

export type TAuthFormValues = { email: string; password: string; confirmPassword: string; name: string }

export const emptyAuthFormValues: TAuthFormValues = { email: '', password: '', confirmPassword: '', name: '' }

const copy = {
  'sign-in': { submit: 'Sign In', busy: 'Signing In...', failed: Toasts.signInFailed },
  'sign-up': { submit: 'Start Free Trial', busy: 'Creating Account...', failed: Toasts.signUpFailed },
} as const

export type TAuthFormLabels = { submit: string; busy: string; failed: string }

/** What the form does with valid values; a throw is shown under the form and in a toast. */
export type TAuthFormSubmit = (values: TAuthFormValues) => Promise<void>

/**
 * Re-mounted (by key) on every mode switch, so switching resets the form as the spec asks. Success goes to
 * the dashboard, or back to `returnTo` (an invitation) when the visitor came from there. The invitation
 * page gives its own `submit` and `labels` (joining is signing up or in, and accepting, in one step).
 */
export function AuthForm({
  mode,
  returnTo,
  onSignInInstead,
  defaultEmail = '',
  labels,
  submit: submitValues,
}: {
  mode: TAuthMode
  returnTo?: string | null
  /** Offered when a sign-up finds the address taken. */
  onSignInInstead?: () => void
  defaultEmail?: string
  labels?: TAuthFormLabels
  submit?: TAuthFormSubmit
}) {
  const id = useId()
  const [isEmailTaken, setIsEmailTaken] = useState(false)
  const [failure, setFailure] = useState('')
  const navigate = useNavigate()
  const signIn = useSignIn()
  const signUp = useSignUp()
  const isSignUp = mode === 'sign-up'
  const text = labels ?? copy[mode]
  const form = useForm<TAuthFormValues>({ defaultValues: { ...emptyAuthFormValues, email: defaultEmail } })
  const isBusy = form.formState.isSubmitting
  const confirmError = form.formState.errors.confirmPassword?.message
  const destination = returnTo ?? Paths.tickets

  const signInOrUp: TAuthFormSubmit = async ({ email, password, name }) => {
    if (isSignUp) {
      await signUp.mutateAsync({ email, password, name })
      notifySuccess({ title: Toasts.signUpSucceeded, description: Toasts.signUpWelcome })
    } else {
      await signIn.mutateAsync({ email, password })
      notifySuccess({ title: Toasts.signInSucceeded, description: Toasts.signInWelcome })
    }
    navigate(destination)
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure('')
    setIsEmailTaken(false)
    try {
      await (submitValues ?? signInOrUp)(values)
    } catch (error) {
      const isTaken = isSignUp && getErrorType(error) === ErrorType.userAlreadyExists
      const reason = isTaken ? AuthFormErrors.emailTaken : serverMessageOf(error) || Toasts.tryLater
      setIsEmailTaken(isTaken)
      // The toast is gone in seconds; the reason stays under the form until the next try.
      if (!isTaken) setFailure(reason)
      notifyError({ title: text.failed, description: reason })
    }
  })

  return (
    <form className="grid gap-4" onSubmit={submit} aria-busy={isBusy}>
      {isSignUp && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Full Name</Label>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            placeholder="Jane Cooper"
            required
            {...form.register('name')}
          />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email Address</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          {...form.register('email')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          aria-describedby={isSignUp ? `${id}-password-rule` : undefined}
          {...form.register('password')}
        />
        {isSignUp && (
          <p id={`${id}-password-rule`} className="text-sm text-muted-foreground">
            {PasswordMessages.rule}
          </p>
        )}
        {!isSignUp && (
          <Link
            to={Paths.recovery}
            className="justify-self-start text-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:underline"
          >
            Forgot password?
          </Link>
        )}
      </div>
      {isSignUp && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-confirm`}>Confirm Password</Label>
          <Input
            id={`${id}-confirm`}
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={!!confirmError}
            aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
            {...form.register('confirmPassword', {
              validate: (value, values) => value === values.password || AuthFormErrors.passwordsDiffer,
            })}
          />
          {confirmError && (
            <p id={`${id}-confirm-error`} role="alert" className="text-sm text-destructive">
              {confirmError}
            </p>
          )}
        </div>
      )}
      {isSignUp && isEmailTaken && (
        <div role="alert" className="grid gap-1 rounded-md border p-3 text-sm">
          <p>{AuthFormErrors.emailTaken}</p>
          <div className="flex flex-wrap gap-x-4">
            {onSignInInstead && (
              <Button type="button" variant="link" size="inline" onClick={onSignInInstead}>
                Sign in instead
              </Button>
            )}
            <Link to={Paths.recovery} className="font-medium underline-offset-4 hover:underline">
              Reset your password
            </Link>
          </div>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy && <Spinner />}
        {isBusy ? text.busy : text.submit}
      </Button>
    </form>
  )
}
