import { Pencil, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { type TGroupDocument, type TGroupMember, useGroups } from '../queries'
import { DeleteGroupButton } from './delete-group-button'
import { GroupForm } from './group-form'

type TGroupsCardProps = {
  teamId: string
  /** The workspace's confirmed members, who may be put in groups. */
  members: TGroupMember[]
  /** Owners and admins manage groups; agents read them (the server enforces it). */
  canManage: boolean
}

function GroupItem({ group, teamId, members, canManage }: TGroupsCardProps & { group: TGroupDocument }) {
  const [isEditing, setIsEditing] = useState(false)
  const nameOf = (userId: string) => members.find((member) => member.userId === userId)?.name ?? userId
  if (isEditing) {
    return (
      <li className="rounded-lg border p-3">
        <GroupForm teamId={teamId} members={members} group={group} onDone={() => setIsEditing(false)} />
      </li>
    )
  }
  return (
    <li data-group-id={group.$id} className="grid gap-2 rounded-lg border p-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium break-words">{group.name}</p>
        {group.description && (
          <p className="text-sm break-words text-muted-foreground">{group.description}</p>
        )}
        <p className="text-sm break-words text-muted-foreground">
          {group.memberIds.length === 0 ? 'No members yet' : group.memberIds.map(nameOf).join(', ')}
        </p>
      </div>
      {canManage && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only"> group {group.name}</span>
          </Button>
          <DeleteGroupButton group={group} />
        </div>
      )}
    </li>
  )
}

/** The workspace's groups (Billing, Tier 2): tickets are routed to them. */
export function GroupsCard(props: TGroupsCardProps) {
  const groups = useGroups(props.teamId)

  const body = (() => {
    if (groups.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the groups</p>
          <p className="text-muted-foreground">{getErrorMessage(groups.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={groups.isFetching}
            onClick={() => void groups.refetch()}
          >
            {groups.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!groups.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the groups...
        </p>
      )
    }
    if (groups.data.length === 0) return <p className="text-sm text-muted-foreground">No groups yet.</p>
    return (
      <ul aria-label="Groups" className="grid gap-3">
        {groups.data.map((group) => (
          <GroupItem key={group.$id} group={group} {...props} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Groups</CardTitle>
        <CardDescription>
          {props.canManage
            ? 'Teams inside the workspace, such as Billing: tickets are routed to a group, and its members work them.'
            : 'Teams inside the workspace. Only owners and admins can change them.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {body}
        {props.canManage && (
          <div className="grid gap-3 border-t pt-4">
            <h3 className="text-sm font-semibold">New group</h3>
            <GroupForm teamId={props.teamId} members={props.members} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
