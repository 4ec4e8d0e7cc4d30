import { RoutingStrategyLabels } from '@parsedesk/contracts'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useGroups } from '@/features/groups/queries'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { useRoutingBoard, useSetAvailability } from '../queries'
import { agentSkills } from '../routing-wording'

type TAgentBoardCardProps = {
  teamId: string
  userId: string
  members: { userId: string; name: string }[]
}

/**
 * The agent board (decisions 052, 067): each agent of a routed group with their status, their load against
 * the cap of their groups and their skills in them, and each group's queue, live. Every member reads it;
 * each sets only their own status. Skills come from the groups themselves, where managers edit them.
 */
export function AgentBoardCard({ teamId, userId, members }: TAgentBoardCardProps) {
  const board = useRoutingBoard(teamId)
  const setAvailability = useSetAvailability()
  const nameOf = (id: string) => members.find((member) => member.userId === id)?.name ?? 'A former member'
  const groups = board.data?.groups ?? []
  const agents = board.data?.agents ?? []
  const groupDocuments = useGroups(teamId).data ?? []
  const routed = groupDocuments.filter((document) => groups.some((group) => group.groupId === document.$id))
  const skillsFirst = new Set(
    routed.filter((document) => document.skillsFirst).map((document) => document.$id),
  )
  const capOf = (id: string) => {
    const caps = groups.filter((group) => group.memberIds.includes(id)).map((group) => group.cap)
    return caps.length > 0 ? Math.min(...caps) : null
  }
  const toggle = async (available: boolean) => {
    try {
      await setAvailability.mutateAsync({ teamId, available })
    } catch (error) {
      notifyError({ title: 'Could not change your status', description: getErrorMessage(error) })
    }
  }

  return (
    <Card aria-labelledby="agent-board-title">
      <CardHeader>
        <CardTitle id="agent-board-title">Agent board</CardTitle>
        <CardDescription>
          Who routing hands tickets to, their open tickets against their cap, their skills, and what waits in
          each group’s queue. It updates as tickets and groups change.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {board.isError && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(board.error)}
          </p>
        )}
        {groups.length === 0 && !board.isPending && (
          <p className="text-sm text-muted-foreground">No group routes its tickets yet.</p>
        )}
        {agents.length > 0 && (
          <table className="w-full text-sm" aria-label="Agents">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 font-medium">Agent</th>
                <th className="py-1 font-medium">Status</th>
                <th className="py-1 font-medium">Open tickets</th>
                <th className="py-1 font-medium">Skills</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => (
                <tr key={agent.userId} className="border-t">
                  <td className="py-1.5">{nameOf(agent.userId)}</td>
                  <td className="py-1.5">
                    {agent.userId === userId ? (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-pressed={agent.available}
                        disabled={setAvailability.isPending}
                        onClick={() => void toggle(!agent.available)}
                      >
                        {agent.available ? 'Available' : 'Away'}
                      </Button>
                    ) : agent.available ? (
                      'Available'
                    ) : (
                      'Away'
                    )}
                  </td>
                  <td className="py-1.5">
                    {agent.load} of {capOf(agent.userId) ?? '—'}
                  </td>
                  <td className="py-1.5">{agentSkills(agent.userId, routed) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {groups.length > 0 && (
          <ul className="grid gap-1 text-sm" aria-label="Group queues">
            {groups.map((group) => (
              <li key={group.groupId}>
                <span className="font-medium">{group.name}</span> ({RoutingStrategyLabels[group.strategy]}
                {skillsFirst.has(group.groupId) ? ', skills first' : ''}, cap {group.cap}):{' '}
                {group.queued === 1 ? '1 ticket waits' : `${group.queued} tickets wait`}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
