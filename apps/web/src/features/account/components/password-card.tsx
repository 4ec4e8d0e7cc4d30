import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { notifyError, notifySuccess } from '@/lib/notify'
import { emptyPasswordForm, passwordFormSchema, type TPasswordForm } from '../account-forms'
import { AccountToasts } from '../account-messages'
import { useUpdatePassword } from '../queries'
import { FormAlert, PasswordField } from './form-parts'
import { showRefusal } from './show-refusal'

/** `hasPassword` false: an account made with Google sets a first password, without a current one. */
export function PasswordCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const updatePassword = useUpdatePassword()
  const schema = useMemo(() => passwordFormSchema({ hasPassword }), [hasPassword])
  const form = useForm<TPasswordForm>({ resolver: zodResolver(schema), defaultValues: emptyPasswordForm })
  const failedTitle = AccountToasts.passwordFailed

  const submit = form.handleSubmit(async ({ oldPassword, password }) => {
    try {
      await updatePassword.mutateAsync({ password, oldPassword: hasPassword ? oldPassword : undefined })
    } catch (error) {
      const message = showRefusal(form, error, { credentials: 'oldPassword', newPassword: 'password' })
      notifyError({ title: failedTitle, description: message })
      return
    }
    form.reset(emptyPasswordForm)
    notifySuccess({
      title: hasPassword ? AccountToasts.passwordChanged : AccountToasts.passwordSet,
      description: AccountToasts.passwordChangedText,
    })
  })

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          {hasPassword
            ? 'A new password signs out every other session of your account.'
            : 'Your account signs in with Google. Set a password to sign in with your email address too.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-4"
            aria-label={hasPassword ? 'Change your password' : 'Set a password'}
          >
            {/* Hidden: tells a password manager which account the new password is for. */}
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            {hasPassword && (
              <PasswordField
                control={form.control}
                name="oldPassword"
                label="Current password"
                autoComplete="current-password"
              />
            )}
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
            <FormAlert title={failedTitle} message={form.formState.errors.root?.message} />
            <Button type="submit" className="w-fit" disabled={updatePassword.isPending}>
              {updatePassword.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
              {updatePassword.isPending ? 'Saving...' : hasPassword ? 'Change password' : 'Set password'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
