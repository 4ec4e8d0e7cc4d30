import { TeamRole } from '@parsedesk/contracts'
import { isoDate } from '../core/iso-date'
import type { TEventBus } from '../realtime/event-bus'
import type { TMembershipModel, TTeamModel } from './team-model'

type TAction = 'create' | 'update' | 'delete'

/** Appwrite's names of a change at `path` (e.g. `teams.T.memberships.M`), with every id also as `*`. */
function eventNames(path: [string, string][], action: TAction): string[] {
  const names = new Set<string>()
  for (let mask = 0; mask < 1 << path.length; mask += 1) {
    const name = path.map(([kind, id], index) => `${kind}.${mask & (1 << index) ? '*' : id}`).join('.')
    names.add(`${name}.${action}`)
    names.add(name)
  }
  return [...names]
}

/**
 * A workspace's change on the `teams` and `teams.<id>` channels, for its members; a deleted workspace has no
 * members left, so its last members are named (`formerMembers`) to be told.
 */
export function publishTeamEvent(
  bus: TEventBus,
  options: { action: TAction; team: TTeamModel; formerMembers?: string[] },
): Promise<void> {
  const { team, action } = options
  return bus.publish({
    action,
    databaseId: '',
    collectionId: 'teams',
    documentId: team.$id,
    document: team,
    readRoles: [`team:${team.$id}`, ...(options.formerMembers ?? []).map((userId) => `user:${userId}`)],
    timestamp: isoDate(new Date()),
    names: { channels: ['teams', `teams.${team.$id}`], events: eventNames([['teams', team.$id]], action) },
  })
}

/**
 * A membership's change on the `memberships` and `memberships.<id>` channels: for the workspace's members
 * once confirmed (its owners and admins while it is an invitation), and for the person it is about.
 */
export function publishMembershipEvent(
  bus: TEventBus,
  options: { action: TAction; membership: TMembershipModel },
): Promise<void> {
  const { membership, action } = options
  const teamId = membership.teamId
  const readers = membership.confirm
    ? [`team:${teamId}`]
    : [`team:${teamId}/${TeamRole.owner}`, `team:${teamId}/${TeamRole.admin}`]
  return bus.publish({
    action,
    databaseId: '',
    collectionId: 'memberships',
    documentId: membership.$id,
    document: membership,
    readRoles: membership.userId ? [...readers, `user:${membership.userId}`] : readers,
    timestamp: isoDate(new Date()),
    names: {
      channels: ['memberships', `memberships.${membership.$id}`],
      events: eventNames(
        [
          ['teams', teamId],
          ['memberships', membership.$id],
        ],
        action,
      ),
    },
  })
}
