import { zodResolver } from '@hookform/resolvers/zod'
import { Plus } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { chooseWorkspace } from '../current-workspace-store'
import { useCreateWorkspace } from '../queries'
import { type TWorkspaceNameForm, ZWorkspaceNameForm } from '../workspace-forms'
import { WorkspaceToasts } from '../workspace-messages'

/**
 * A workspace of one's own, whenever one is wanted: someone who joined a team by invitation got none at
 * sign-up, and someone who left their only workspace has none.
 */
export function CreateWorkspaceCard({ userId, description }: { userId: string; description: string }) {
  const create = useCreateWorkspace()
  const form = useForm<TWorkspaceNameForm>({
    resolver: zodResolver(ZWorkspaceNameForm),
    defaultValues: { name: '' },
  })

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const created = await create.mutateAsync({ name })
      form.reset({ name: '' })
      chooseWorkspace({ userId, teamId: created.$id })
      notifySuccess({ title: WorkspaceToasts.created, description: created.name })
    } catch (error) {
      notifyError({ title: WorkspaceToasts.createFailed, description: getErrorMessage(error) })
    }
  })

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>New workspace</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="New workspace">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name of the new workspace</FormLabel>
                  <FormControl>
                    <Input autoComplete="organization" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" variant="outline" className="w-fit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
              {create.isPending ? 'Creating...' : 'Create workspace'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
