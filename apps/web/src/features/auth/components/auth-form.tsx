import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { AuthFormErrors, Toasts } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/notify'
import type { TAuthMode } from '../auth-links'
import { useSignIn, useSignUp } from '../queries'

export type { TAuthMode } from '../auth-links'

export type TAuthFormValues = { email: string; password: string; confirmPassword: string; name: string }

export const emptyAuthFormValues: TAuthFormValues = { email: '', password: '', confirmPassword: '', name: '' }

const copy = {
  'sign-in': { submit: 'Sign In', busy: 'Signing In...' },
  'sign-up': { submit: 'Start Free Trial', busy: 'Creating Account...' },
} as const

/**
 * Re-mounted (by key) on every mode switch, so switching resets the form as the spec asks. Success goes to
 * the dashboard, or back to `returnTo` (an invitation) when the visitor came from there.
 */
export function AuthForm({ mode, returnTo }: { mode: TAuthMode; returnTo?: string | null }) {
  const id = useId()
  const navigate = useNavigate()
  const signIn = useSignIn()
  const signUp = useSignUp()
  const isSignUp = mode === 'sign-up'
  const isBusy = signIn.isPending || signUp.isPending
  const form = useForm<TAuthFormValues>({ defaultValues: emptyAuthFormValues })
  const confirmError = form.formState.errors.confirmPassword?.message
  const destination = returnTo ?? Paths.tickets

  const submit = form.handleSubmit(async ({ email, password, name }) => {
    if (isSignUp) {
      try {
        await signUp.mutateAsync({ email, password, name })
        notifySuccess({ title: Toasts.signUpSucceeded, description: Toasts.signUpWelcome })
        navigate(destination)
      } catch (error) {
        notifyError({ title: Toasts.signUpFailed, description: getErrorMessage(error) || Toasts.tryLater })
      }
      return
    }
    try {
      await signIn.mutateAsync({ email, password })
      notifySuccess({ title: Toasts.signInSucceeded, description: Toasts.signInWelcome })
      navigate(destination)
    } catch (error) {
      notifyError({ title: Toasts.signInFailed, description: getErrorMessage(error) || Toasts.tryLater })
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
          {...form.register('password')}
        />
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
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy && <Spinner />}
        {isBusy ? copy[mode].busy : copy[mode].submit}
      </Button>
    </form>
  )
}
