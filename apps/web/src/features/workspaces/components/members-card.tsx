import { zodResolver } from '@hookform/resolvers/zod'
import type { TTeamRole } from '@parsedesk/contracts'
import { LogOut, RefreshCw, UserMinus } from 'lucide-react'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Paths } from '@/app/paths'
import { ConfirmAction } from '@/components/confirm-action'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TMembership, type TWorkspace, useChangeRole, useDeleteMembership } from '../queries'
import { type TRoleForm, ZRoleForm } from '../workspace-forms'
import { WorkspaceToasts } from '../workspace-messages'
import { assignableRoles, effectiveRole, mayManageMember, ROLE_LABELS, ROLE_TONES } from '../workspace-roles'

type TMemberProps = {
  workspace: TWorkspace
  member: TMembership
  isSelf: boolean
  /** The viewer's own role in the workspace. */
  myRole: TTeamRole | undefined
  /** Where focus goes once the member, and with them the button that had focus, is gone. */
  onRemoved: () => void
}

export function memberName(member: Pick<TMembership, 'userName' | 'userEmail'>): string {
  return member.userName.trim() || member.userEmail
}

/** A select and a button: nothing changes until the button is pressed, however the select is moved. */
function RoleForm({ workspace, member, myRole }: Omit<TMemberProps, 'isSelf' | 'onRemoved'>) {
  const changeRole = useChangeRole()
  const role = effectiveRole(member.roles)
  const form = useForm<TRoleForm>({ resolver: zodResolver(ZRoleForm), defaultValues: { role } })
  const nextRole = form.watch('role')
  const options = assignableRoles(myRole)
  const name = memberName(member)

  const submit = form.handleSubmit(async ({ role: chosen }) => {
    if (chosen === role) return
    try {
      await changeRole.mutateAsync({ teamId: workspace.$id, membershipId: member.$id, role: chosen })
    } catch (error) {
      form.reset({ role })
      notifyError({ title: WorkspaceToasts.roleChangeFailed, description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: WorkspaceToasts.roleChanged, description: `${name}: ${ROLE_LABELS[chosen]}` })
  })

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-center gap-2">
        <FormField
          control={form.control}
          name="role"
          render={({ field }) => (
            <FormItem>
              <FormLabel className="sr-only">Role of {name}</FormLabel>
              <FormControl>
                <NativeSelect {...field} className="w-32" disabled={changeRole.isPending}>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {ROLE_LABELS[option]}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
            </FormItem>
          )}
        />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={changeRole.isPending || nextRole === role}
        >
          {changeRole.isPending && <Spinner />}
          {changeRole.isPending ? 'Changing...' : 'Change role'}
          <span className="sr-only"> of {name}</span>
        </Button>
      </form>
    </Form>
  )
}

function MemberItem({ workspace, member, isSelf, myRole, onRemoved }: TMemberProps) {
  const navigate = useNavigate()
  const remove = useDeleteMembership()
  const role = effectiveRole(member.roles)
  const name = memberName(member)
  const mayManage = mayManageMember(myRole, role)

  const removeMember = async () => {
    try {
      await remove.mutateAsync({ teamId: workspace.$id, membershipId: member.$id })
    } catch (error) {
      const title = isSelf ? WorkspaceToasts.leaveFailed : WorkspaceToasts.removeFailed
      notifyError({ title, description: getErrorMessage(error) })
      return false
    }
    if (isSelf) {
      notifySuccess({ title: WorkspaceToasts.left, description: workspace.name })
      navigate(Paths.tickets)
    } else {
      notifySuccess({ title: WorkspaceToasts.memberRemoved, description: name })
    }
    return true
  }

  return (
    <li data-membership-id={member.$id} className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm font-medium break-words">
            {name}
            {isSelf && <span className="text-muted-foreground"> (you)</span>}
          </p>
          {member.userName.trim() && (
            <p className="text-sm break-all text-muted-foreground">{member.userEmail}</p>
          )}
          {member.joined && (
            <p className="text-xs text-muted-foreground">Joined {formatTicketDate(member.joined)}</p>
          )}
        </div>
        <Badge tone={ROLE_TONES[role]}>{ROLE_LABELS[role]}</Badge>
      </div>
      {(mayManage || isSelf) && (
        <div className="flex flex-wrap items-center gap-2">
          {mayManage && <RoleForm key={role} workspace={workspace} member={member} myRole={myRole} />}
          {isSelf ? (
            <ConfirmAction
              trigger={
                <>
                  <LogOut aria-hidden="true" />
                  Leave workspace
                </>
              }
              target={workspace.name}
              title={`Leave ${workspace.name}?`}
              description="You lose access to the workspace at once. To come back, ask an owner or admin for a new invitation."
              confirmLabel="Leave workspace"
              busyLabel="Leaving..."
              onConfirm={removeMember}
              onDone={onRemoved}
            />
          ) : (
            mayManage && (
              <ConfirmAction
                trigger={
                  <>
                    <UserMinus aria-hidden="true" />
                    Remove
                  </>
                }
                target={name}
                title={`Remove ${name} from ${workspace.name}?`}
                description="They lose access to the workspace at once, open pages included. You can invite them again later."
                confirmLabel="Remove member"
                busyLabel="Removing..."
                onConfirm={removeMember}
                onDone={onRemoved}
              />
            )
          )}
        </div>
      )}
    </li>
  )
}

type TMembersCardProps = {
  workspace: TWorkspace
  /** Confirmed members only; open invitations have a card of their own. */
  members: TMembership[] | undefined
  error: unknown
  isRetrying: boolean
  onRetry: () => void
  userId: string
  myRole: TTeamRole | undefined
}

export function MembersCard({
  workspace,
  members,
  error,
  isRetrying,
  onRetry,
  userId,
  myRole,
}: TMembersCardProps) {
  const list = useRef<HTMLUListElement>(null)

  const body = (() => {
    if (error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the members</p>
          <p className="text-muted-foreground">{getErrorMessage(error)}</p>
          <Button type="button" variant="outline" size="sm" disabled={isRetrying} onClick={onRetry}>
            {isRetrying ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!members) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading members...
        </p>
      )
    }
    return (
      <ul
        ref={list}
        tabIndex={-1}
        aria-label={`Members of ${workspace.name}`}
        className="grid gap-3 rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 md:grid-cols-2"
      >
        {members.map((member) => (
          <MemberItem
            key={member.$id}
            workspace={workspace}
            member={member}
            isSelf={member.userId === userId}
            myRole={myRole}
            onRemoved={() => list.current?.focus()}
          />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          Owners do everything; admins run the workspace but cannot change owners; agents work tickets.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
