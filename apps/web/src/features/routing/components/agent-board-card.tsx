import { RoutingStrategyLabels, type TRoutingBoard } from '@parsedesk/contracts'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { useRoutingBoard, useSetAvailability } from '../queries'
import { agentSkills, waitingFor } from '../routing-wording'

type TAgentBoardCardProps = {
  teamId: string
  userId: string
  members: { userId: string; name: string }[]
}

type TBoardGroup = TRoutingBoard['groups'][number]

/** Skills as small badges, one tone for an agent's and a ticket's, so a manager matches them by eye. */
function SkillBadges({ skills }: { skills: readonly string[] }) {
  return skills.map((skill) => (
    <Badge key={skill} tone="blue">
      {skill}
    </Badge>
  ))
}

/**
 * A group's queue: its strategy and cap, how many wait, and the first of them in the order they are
 * served, each with the skills it needs and who holds them (decision 067).
 */
function GroupQueue({ group, nameOf }: { group: TBoardGroup; nameOf: (id: string) => string | undefined }) {
  const more = group.queued - group.waiting.length
  return (
    <li className="grid gap-1.5">
      <p>
        <span className="font-medium">{group.name}</span> ({RoutingStrategyLabels[group.strategy]}
        {group.skillsFirst ? ', skills first' : ''}, cap {group.cap}):{' '}
        {group.queued === 1 ? '1 ticket waits' : `${group.queued} tickets wait`}
      </p>
      {group.waiting.length > 0 && (
        <ol className="grid gap-1.5" aria-label={`Waiting in ${group.name}`}>
          {group.waiting.map((ticket) => {
            const who = waitingFor(ticket, nameOf)
            return (
              <li key={ticket.ticketId} className="grid gap-1 rounded-md border px-3 py-2">
                <p className="flex min-w-0 gap-2">
                  <Link
                    className="shrink-0 text-primary underline-offset-4 hover:underline"
                    to={`/tickets/${ticket.number}`}
                  >
                    #{ticket.number}
                  </Link>
                  <span className="min-w-0 truncate">{ticket.subject || '(no subject)'}</span>
                  {ticket.priority && (
                    <span className="shrink-0 text-muted-foreground capitalize">{ticket.priority}</span>
                  )}
                </p>
                {ticket.needed.length > 0 && (
                  <p className="flex flex-wrap items-center gap-1 text-muted-foreground">
                    <span>Needs</span>
                    <SkillBadges skills={ticket.needed} />
                    {who && <span className="ml-1">{who}</span>}
                  </p>
                )}
              </li>
            )
          })}
          {more > 0 && <li className="text-muted-foreground">and {more} more</li>}
        </ol>
      )}
    </li>
  )
}

/**
 * The agent board (decisions 052, 067): each agent of a routed group with their status, their load against
 * the cap of their groups and their skills in them, and each group's queue with what its first tickets
 * need, live. Every member reads it; each sets only their own status.
 */
export function AgentBoardCard({ teamId, userId, members }: TAgentBoardCardProps) {
  const board = useRoutingBoard(teamId)
  const setAvailability = useSetAvailability()
  const nameOf = (id: string) => members.find((member) => member.userId === id)?.name
  const groups = board.data?.groups ?? []
  const agents = board.data?.agents ?? []
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
          each group’s queue with the skills it needs. It updates as tickets and groups change.
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
              <tr className="text-left align-bottom text-muted-foreground">
                <th className="py-1 pr-2 font-medium">Agent</th>
                <th className="py-1 pr-2 font-medium">Status</th>
                <th className="py-1 pr-2 font-medium">Open tickets</th>
                <th className="py-1 font-medium">Skills</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => {
                const skills = agentSkills(agent.skills, groups)
                return (
                  <tr key={agent.userId} className="border-t">
                    <td className="py-1.5 pr-2">{nameOf(agent.userId) ?? 'A former member'}</td>
                    <td className="py-1.5 pr-2">
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
                    <td className="py-1.5 pr-2">
                      {agent.load} of {capOf(agent.userId) ?? '—'}
                    </td>
                    <td className="py-1.5">
                      {skills.length === 0 ? (
                        '—'
                      ) : (
                        <div className="grid gap-1">
                          {skills.map((entry) => (
                            <p key={entry.groupId} className="flex flex-wrap items-center gap-1">
                              {entry.group && <span className="text-muted-foreground">{entry.group}:</span>}
                              <SkillBadges skills={entry.skills} />
                            </p>
                          ))}
                        </div>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        {groups.length > 0 && (
          <ul className="grid gap-3 text-sm" aria-label="Group queues">
            {groups.map((group) => (
              <GroupQueue key={group.groupId} group={group} nameOf={nameOf} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
