import type { TTeamRole } from '@parsedesk/contracts'
import { RefreshCw } from 'lucide-react'
import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { CategoriesCard } from '@/features/categories/components/categories-card'
import { WorkspaceModelCard } from '@/features/categories/components/workspace-model-card'
import { GroupsCard } from '@/features/groups/components/groups-card'
import { MacrosCard } from '@/features/macros/components/macros-card'
import { FromNameCard } from '@/features/mailbox/components/from-name-card'
import { ImapAccountsCard } from '@/features/mailbox/components/imap-accounts-card'
import { KeptMailCard } from '@/features/mailbox/components/kept-mail-card'
import { ParsingMailboxCard } from '@/features/mailbox/components/parsing-mailbox-card'
import { SendingAddressCard } from '@/features/mailbox/components/sending-address-card'
import { WebhookUrlsCard } from '@/features/mailbox/components/webhook-urls-card'
import { AgentBoardCard } from '@/features/routing/components/agent-board-card'
import { RulesCard } from '@/features/rules/components/rules-card'
import { SlaSettings } from '@/features/sla/components/sla-settings'
import { BlockedSendersCard } from '@/features/spam/components/blocked-senders-card'
import { TrustedSendersCard } from '@/features/spam/components/trusted-senders-card'
import { CustomFieldsCard } from '@/features/templates/components/custom-fields-card'
import { TemplatesCard } from '@/features/templates/components/templates-card'
import { getErrorMessage } from '@/lib/errors'
import { CreateWorkspaceCard } from '../components/create-workspace-card'
import { InvitationsCard } from '../components/invitations-card'
import { InviteFormCard } from '../components/invite-form-card'
import { MembersCard, memberName } from '../components/members-card'
import { OutboxCard } from '../components/outbox-card'
import { SettingsNav } from '../components/settings-nav'
import { TicketLifecycleCard } from '../components/ticket-lifecycle-card'
import { UnassignedNoticeCard } from '../components/unassigned-notice-card'
import { UndoSendCard } from '../components/undo-send-card'
import { WorkspaceNameCard } from '../components/workspace-name-card'
import { type TWorkspace, useCurrentWorkspace } from '../current-workspace'
import { useMembers } from '../queries'
import {
  findSettingsSection,
  SettingsSection,
  settingsSectionPath,
  type TSettingsSection,
  type TSettingsSectionInfo,
} from '../settings-sections'
import { canManage, canManageMail, effectiveRole, ROLE_LABELS, ROLE_TONES } from '../workspace-roles'

type TSettingsContext = {
  workspace: TWorkspace
  userId: string
  members: ReturnType<typeof useMembers>
  myRole: TTeamRole | undefined
}

/** One section's cards; who sees what follows the server's rules (workspace-roles.ts). */
function SectionContent({ section, context }: { section: TSettingsSection; context: TSettingsContext }) {
  const { workspace, userId, members, myRole } = context
  const isManager = canManage(myRole)
  const mayManageMail = canManageMail(myRole)
  const me = members.data?.find((member) => member.confirm && member.userId === userId)
  const confirmed = members.data?.filter((member) => member.confirm)
  const invitations = members.data?.filter((member) => !member.confirm)
  const openInvitationIds = invitations && new Set(invitations.map((invitation) => invitation.$id))
  const people = (confirmed ?? []).map((member) => ({ userId: member.userId, name: memberName(member) }))

  switch (section) {
    case SettingsSection.general:
      return (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <WorkspaceNameCard workspace={workspace} canRename={isManager} />
          <CreateWorkspaceCard
            userId={userId}
            description="Another workspace of your own, with you as its owner: its own mail, tickets and team."
          />
        </div>
      )
    case SettingsSection.mail:
      // Every member reads the address and what was kept; where mail comes from (regenerate, webhooks with
      // their secret, IMAP) and the outbox are for owners and admins, as the server enforces.
      return (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <div className="grid min-w-0 gap-6">
            <ParsingMailboxCard userId={userId} canManageMail={mayManageMail} />
            {mayManageMail && <WebhookUrlsCard userId={userId} />}
            <UndoSendCard workspace={workspace} canManage={isManager} />
            <SendingAddressCard userId={userId} canManage={isManager} />
            <FromNameCard workspace={workspace} canManage={isManager} />
          </div>
          <div className="grid min-w-0 gap-6">
            {mayManageMail && <ImapAccountsCard userId={userId} />}
            <KeptMailCard userId={userId} />
            {isManager && <OutboxCard workspace={workspace} openInvitationIds={openInvitationIds} />}
          </div>
        </div>
      )
    case SettingsSection.members:
      return (
        <>
          <MembersCard
            workspace={workspace}
            members={confirmed}
            error={members.error}
            isRetrying={members.isFetching}
            onRetry={() => void members.refetch()}
            userId={userId}
            myRole={myRole}
          />
          {isManager && myRole && (
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
              <InviteFormCard workspace={workspace} myRole={myRole} />
              <div className="grid min-w-0 gap-2">
                <InvitationsCard workspace={workspace} invitations={invitations} />
                <p className="text-sm text-muted-foreground">
                  Each invitation’s mail, and its link to hand over when no mail relay is set up, is in the{' '}
                  <Link
                    to={settingsSectionPath(SettingsSection.mail)}
                    className="font-medium text-foreground underline-offset-4 hover:underline"
                  >
                    outbox
                  </Link>
                  .
                </p>
              </div>
            </div>
          )}
          <GroupsCard teamId={workspace.$id} members={people} canManage={isManager} />
          <AgentBoardCard teamId={workspace.$id} userId={userId} members={people} />
        </>
      )
    case SettingsSection.macros:
      return (
        <MacrosCard
          teamId={workspace.$id}
          members={people}
          agent={{ id: userId, name: me ? memberName(me) : '' }}
          canManage={isManager}
        />
      )
    case SettingsSection.rules:
      return <RulesCard teamId={workspace.$id} members={people} canManage={isManager} />
    case SettingsSection.templates:
      return <TemplatesCard teamId={workspace.$id} canManage={isManager} />
    case SettingsSection.customFields:
      return <CustomFieldsCard teamId={workspace.$id} canManage={isManager} />
    case SettingsSection.categories:
      return (
        <>
          <CategoriesCard teamId={workspace.$id} canManage={isManager} />
          <WorkspaceModelCard teamId={workspace.$id} canManage={isManager} />
        </>
      )
    case SettingsSection.spam:
      return (
        <>
          <BlockedSendersCard teamId={workspace.$id} canManage={isManager} />
          <TrustedSendersCard teamId={workspace.$id} canManage={isManager} />
        </>
      )
    case SettingsSection.notifications:
      return <UnassignedNoticeCard workspace={workspace} canManage={isManager} />
    case SettingsSection.lifecycle:
      return <TicketLifecycleCard workspace={workspace} canManage={isManager} />
    case SettingsSection.sla:
      return <SlaSettings teamId={workspace.$id} canManage={isManager} />
  }
}

/** The current workspace's settings: a side navigation of sections, and the one the address names. */
function WorkspaceSettings({
  workspace,
  userId,
  section,
}: {
  workspace: TWorkspace
  userId: string
  section: TSettingsSectionInfo | undefined
}) {
  const members = useMembers({ teamId: workspace.$id })
  const me = members.data?.find((member) => member.confirm && member.userId === userId)
  const myRole = me ? effectiveRole(me.roles) : undefined
  const headingId = useId()

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
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[13rem_minmax(0,1fr)] lg:grid-cols-[15rem_minmax(0,1fr)]">
        <SettingsNav />
        <section aria-labelledby={headingId} className="grid min-w-0 gap-6">
          {section ? (
            <>
              <div className="grid gap-1">
                <h2 id={headingId} className="text-xl font-semibold tracking-tight">
                  {section.label}
                </h2>
                <p className="text-sm text-muted-foreground">{section.summary}</p>
              </div>
              <SectionContent section={section.section} context={{ workspace, userId, members, myRole }} />
            </>
          ) : (
            <div className="grid justify-items-start gap-2">
              <h2 id={headingId} className="text-xl font-semibold tracking-tight">
                No such settings section
              </h2>
              <p className="text-sm text-muted-foreground">Choose one of the sections listed.</p>
            </div>
          )}
        </section>
      </div>
    </>
  )
}

export function WorkspaceSettingsPage() {
  const { user, isLoading } = useSession()
  const section = findSettingsSection(useParams()['*'])
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
    if (user && workspaces.data?.length === 0) {
      return (
        <div className="grid max-w-xl gap-4">
          <p className="text-sm text-muted-foreground">You belong to no workspace at the moment.</p>
          <CreateWorkspaceCard
            userId={user.$id}
            description="Create one of your own, with you as its owner, or open an invitation's link to join a team's."
          />
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
    return <WorkspaceSettings key={current.$id} workspace={current} userId={user.$id} section={section} />
  })()

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Workspace settings</h1>
      {body}
    </div>
  )
}
