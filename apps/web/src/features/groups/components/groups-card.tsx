import { ResourceListCard } from '@/components/resource-list-card'
import { type TGroupMember, useGroups } from '../queries'
import { DeleteGroupButton } from './delete-group-button'
import { GroupForm } from './group-form'

type TGroupsCardProps = {
  teamId: string
  /** The workspace's confirmed members, who may be put in groups. */
  members: TGroupMember[]
  /** Owners and admins manage groups; agents read them (the server enforces it). */
  canManage: boolean
}

/** The workspace's groups (Billing, Tier 2): tickets are routed to them. */
export function GroupsCard({ teamId, members, canManage }: TGroupsCardProps) {
  const nameOf = (userId: string) => members.find((member) => member.userId === userId)?.name ?? userId
  return (
    <ResourceListCard
      noun={{ one: 'group', many: 'groups' }}
      description={{
        manage:
          'Teams inside the workspace, such as Billing: tickets are routed to a group, and its members work them.',
        read: 'Teams inside the workspace. Only owners and admins can change them.',
      }}
      list={useGroups(teamId)}
      canManage={canManage}
      details={(group) => (
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm font-medium break-words">{group.name}</p>
          {group.description && (
            <p className="text-sm break-words text-muted-foreground">{group.description}</p>
          )}
          <p className="text-sm break-words text-muted-foreground">
            {group.memberIds.length === 0 ? 'No members yet' : group.memberIds.map(nameOf).join(', ')}
          </p>
        </div>
      )}
      form={(group, onDone) => <GroupForm teamId={teamId} members={members} group={group} onDone={onDone} />}
      deleteButton={(group) => <DeleteGroupButton group={group} />}
    />
  )
}
