import { zodResolver } from '@hookform/resolvers/zod'
import { Save } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import type { TUser } from '@/features/auth/session'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TNameForm, ZNameForm } from '../account-forms'
import { AccountToasts } from '../account-messages'
import { useUpdateName } from '../queries'
import { FormAlert } from './form-parts'
import { showRefusal } from './show-refusal'

export function NameCard({ user }: { user: TUser }) {
  const updateName = useUpdateName()
  const form = useForm<TNameForm>({ resolver: zodResolver(ZNameForm), defaultValues: { name: user.name } })

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const updated = await updateName.mutateAsync({ name })
      form.reset({ name: updated.name })
      notifySuccess({ title: AccountToasts.nameSaved, description: updated.name })
    } catch (error) {
      notifyError({ title: AccountToasts.nameFailed, description: showRefusal(form, error, {}) })
    }
  })

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Name</CardTitle>
        <CardDescription>How you appear to the other members of your workspaces.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change your name">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Full Name</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormAlert title={AccountToasts.nameFailed} message={form.formState.errors.root?.message} />
            <Button type="submit" className="w-fit" disabled={updateName.isPending}>
              {updateName.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {updateName.isPending ? 'Saving...' : 'Save name'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
