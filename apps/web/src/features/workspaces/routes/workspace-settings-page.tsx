import { RefreshCw } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { CategoriesCard } from '@/features/categories/components/categories-card'
import { GroupsCard } from '@/features/groups/components/groups-card'
import { MacrosCard } from '@/features/macros/components/macros-card'
import { ImapAccountsCard } from '@/features/mailbox/components/imap-accounts-card'
import { KeptMailCard } from '@/features/mailbox/components/kept-mail-card'
import { ParsingMailboxCard } from '@/features/mailbox/components/parsing-mailbox-card'
import { WebhookUrlsCard } from '@/features/mailbox/components/webhook-urls-card'
import { BlockedSendersCard } from '@/features/spam/components/blocked-senders-card'
import { getErrorMessage } from '@/lib/errors'
import { InvitationsCard } from '../components/invitations-card'
import { InviteFormCard } from '../components/invite-form-card'
import { MembersCard, memberName } from '../components/members-card'
import { OutboxCard } from '../components/outbox-card'
import { UndoSendCard } from '../components/undo-send-card'
import { WorkspaceNameCard } from '../components/workspace-name-card'
import { type TWorkspace, useCurrentWorkspace } from '../current-workspace'
import { useMembers } from '../queries'
import { canManage, canManageMail, effectiveRole, ROLE_LABELS, ROLE_TONES } from '../workspace-roles'

/** Everything about the current workspace; owners and admins also run it from here. */
function WorkspaceSettings({ workspace, userId }: { workspace: TWorkspace; userId: string }) {
  const members = useMembers({ teamId: workspace.$id })
  const me = members.data?.find((member) => member.confirm && member.userId === userId)
  const myRole = me ? effectiveRole(me.roles) : undefined
  const isManager = canManage(myRole)
  const mayManageMail = canManageMail(myRole)
  const confirmed = members.data?.filter((member) => member.confirm)
  const invitations = members.data?.filter((member) => !member.confirm)
  const openInvitationIds = invitations && new Set(invitations.map((invitation) => invitation.$id))
  const people = (confirmed ?? []).map((member) => ({ userId: member.userId, name: memberName(member) }))

  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span className="font-medium break-words text-foreground">{workspace.name}</span>
        {myRole && (
          <>
            <span>· your role</span>
            <Badge tone={ROLE_TONES[myRole]}>{ROLE_LABELS[myRole]}</Badge>
          </>
        )}
      </p>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <WorkspaceNameCard workspace={workspace} canRename={isManager} />
        {isManager && myRole && <InviteFormCard workspace={workspace} myRole={myRole} />}
        <UndoSendCard workspace={workspace} canManage={isManager} />
      </div>
      <MembersCard
        workspace={workspace}
        members={confirmed}
        error={members.error}
        isRetrying={members.isFetching}
        onRetry={() => void members.refetch()}
        userId={userId}
        myRole={myRole}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <GroupsCard teamId={workspace.$id} members={people} canManage={isManager} />
        <MacrosCard
          teamId={workspace.$id}
          members={people}
          agent={{ id: userId, name: me ? memberName(me) : '' }}
          canManage={isManager}
        />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <CategoriesCard teamId={workspace.$id} canManage={isManager} />
        <BlockedSendersCard teamId={workspace.$id} canManage={isManager} />
      </div>
      {isManager && (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <InvitationsCard workspace={workspace} invitations={invitations} />
          <OutboxCard workspace={workspace} openInvitationIds={openInvitationIds} />
        </div>
      )}
      {/* The workspace's mail: every member reads the address and what was kept; where mail comes from
          (regenerate, webhooks with their secret, IMAP) is for owners and admins, as the server enforces. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <ParsingMailboxCard userId={userId} canManageMail={mayManageMail} />
          {mayManageMail && <WebhookUrlsCard userId={userId} />}
        </div>
        <div className="grid min-w-0 gap-6">
          {mayManageMail && <ImapAccountsCard userId={userId} />}
          <KeptMailCard userId={userId} />
        </div>
      </div>
    </>
  )
}

export function WorkspaceSettingsPage() {
  const { user, isLoading } = useSession()
  const { workspaces, current } = useCurrentWorkspace({ userId: user?.$id })
  if (!isLoading && !user) return null

  const body = (() => {
    if (workspaces.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load your workspaces</p>
          <p className="text-muted-foreground">{getErrorMessage(workspaces.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={workspaces.isFetching}
            onClick={() => void workspaces.refetch()}
          >
            {workspaces.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!user || !current) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading your workspace...
        </p>
      )
    }
    // Keyed by workspace: switching in the header starts every form and list afresh.
    return <WorkspaceSettings key={current.$id} workspace={current} userId={user.$id} />
  })()

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Workspace settings</h1>
      {body}
    </div>
  )
}
