import { zodResolver } from '@hookform/resolvers/zod'
import { Save } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TWorkspace, useRenameWorkspace } from '../queries'
import { type TWorkspaceNameForm, ZWorkspaceNameForm } from '../workspace-forms'
import { WorkspaceToasts } from '../workspace-messages'

function RenameForm({ workspace }: { workspace: TWorkspace }) {
  const rename = useRenameWorkspace()
  const form = useForm<TWorkspaceNameForm>({
    resolver: zodResolver(ZWorkspaceNameForm),
    defaultValues: { name: workspace.name },
  })

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const renamed = await rename.mutateAsync({ teamId: workspace.$id, name })
      form.reset({ name: renamed.name })
      notifySuccess({ title: WorkspaceToasts.renamed, description: renamed.name })
    } catch (error) {
      notifyError({ title: WorkspaceToasts.renameFailed, description: getErrorMessage(error) })
    }
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Rename the workspace">
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Workspace name</FormLabel>
              <FormControl>
                <Input autoComplete="organization" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-fit" disabled={rename.isPending}>
          {rename.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {rename.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </form>
    </Form>
  )
}

export function WorkspaceNameCard({ workspace, canRename }: { workspace: TWorkspace; canRename: boolean }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Workspace</CardTitle>
        <CardDescription>
          {canRename
            ? 'The name every member sees in the header and on the dashboard.'
            : 'Only owners and admins can rename the workspace.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {canRename ? (
          <RenameForm key={workspace.$id} workspace={workspace} />
        ) : (
          <p className="text-sm font-medium break-words">{workspace.name}</p>
        )}
      </CardContent>
    </Card>
  )
}
