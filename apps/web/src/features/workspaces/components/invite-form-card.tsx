import { zodResolver } from '@hookform/resolvers/zod'
import { TeamLimits, TeamRole, type TTeamRole } from '@parsedesk/contracts'
import { Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TWorkspace, useInvite } from '../queries'
import { emptyInviteForm, type TInvite, type TInviteFormValues, ZInviteForm } from '../workspace-forms'
import { WorkspaceToasts } from '../workspace-messages'
import { assignableRoles, ROLE_LABELS } from '../workspace-roles'

export function InviteFormCard({ workspace, myRole }: { workspace: TWorkspace; myRole: TTeamRole }) {
  const invite = useInvite()
  const form = useForm<TInviteFormValues, unknown, TInvite>({
    resolver: zodResolver(ZInviteForm),
    defaultValues: emptyInviteForm(TeamRole.agent),
  })

  const submit = form.handleSubmit(async ({ email, role }) => {
    try {
      await invite.mutateAsync({ teamId: workspace.$id, email, role })
    } catch (error) {
      notifyError({ title: WorkspaceToasts.inviteFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: WorkspaceToasts.invited, description: email })
    form.reset(emptyInviteForm(role))
  })

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>
          They get an email with a link that works once, for {TeamLimits.invitationDays} days, and accept it
          signed in with that address. Without a mail relay, copy the link from the outbox below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Invite someone">
            <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Email address</FormLabel>
                    <FormControl>
                      <Input
                        type="email"
                        autoComplete="off"
                        spellCheck={false}
                        placeholder="colleague@company.com"
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="role"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Role</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {assignableRoles(myRole).map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <Button type="submit" className="w-fit" disabled={invite.isPending}>
              {invite.isPending ? <Spinner /> : <Send aria-hidden="true" />}
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
