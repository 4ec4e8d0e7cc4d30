import { SLA_METRICS, TICKET_PRIORITIES } from '@parsedesk/contracts'
import { ConfirmDeleteButton } from '@/components/confirm-delete-button'
import { ResourceListCard } from '@/components/resource-list-card'
import { useGroups } from '@/features/groups/queries'
import { formatSpans, WEEKDAY_ROWS } from '../schedule-text'
import {
  type TPolicyDocument,
  useDeletePolicy,
  useDeleteSchedule,
  usePolicies,
  useSchedules,
} from '../settings-queries'
import { METRIC_LABELS, PolicyForm } from './policy-form'
import { ScheduleForm } from './schedule-form'

/** "first reply 60 min (business)": a priority's targets in one line. */
function targetsLine(policy: TPolicyDocument): string[] {
  return TICKET_PRIORITIES.map((priority) => {
    const targets = SLA_METRICS.flatMap((metric) => {
      const target = policy.targets[priority][metric]
      if (!target) return []
      return [
        `${METRIC_LABELS[metric].toLowerCase()} ${target.minutes} min${target.businessHours ? ' (business)' : ''}`,
      ]
    })
    return `${priority}: ${targets.length > 0 ? targets.join(', ') : 'no targets'}`
  })
}

/**
 * The SLA section (decision 063): business-hours schedules and the ordered SLA policies, which owners and
 * admins manage and agents read (the server enforces it).
 */
export function SlaSettings({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const groups = useGroups(teamId).data ?? []
  const groupName = (groupId: string | null) =>
    groupId === null
      ? 'Workspace default'
      : `Group ${groups.find((group) => group.$id === groupId)?.name ?? groupId}`
  const removeSchedule = useDeleteSchedule()
  const removePolicy = useDeletePolicy()
  const policies = usePolicies(teamId)
  const nextPosition = Math.max(-1, ...(policies.data ?? []).map((policy) => policy.position)) + 1
  return (
    <>
      <ResourceListCard
        noun={{ one: 'schedule', many: 'business-hours schedules' }}
        description={{
          manage:
            'When the desk is open: targets in business hours count only these hours. A ticket uses its group’s schedule, else the workspace default; with none, every hour counts.',
          read: 'When the desk is open. Only owners and admins can change them.',
        }}
        list={useSchedules(teamId)}
        canManage={canManage}
        details={(schedule) => (
          <div className="grid min-w-0 gap-0.5 text-sm">
            <p className="font-medium break-words">
              {schedule.name}{' '}
              <span className="font-normal text-muted-foreground">· {groupName(schedule.groupId)}</span>
            </p>
            <p className="text-muted-foreground">{schedule.timeZone}</p>
            <p className="break-words text-muted-foreground">
              {WEEKDAY_ROWS.map(
                ({ day, label }) =>
                  `${label.slice(0, 3)} ${formatSpans(schedule.weekly[day] ?? []) || 'closed'}`,
              ).join(' · ')}
            </p>
            <p className="text-muted-foreground">
              {schedule.holidays.length === 0 ? 'No holidays' : `${schedule.holidays.length} holidays`}
            </p>
          </div>
        )}
        form={(schedule, onDone) => <ScheduleForm teamId={teamId} schedule={schedule} onDone={onDone} />}
        deleteButton={(schedule) => (
          <ConfirmDeleteButton
            noun="schedule"
            name={schedule.name}
            consequence="Tickets it served count the workspace default's hours, or every hour when there is none."
            onDelete={() => removeSchedule.mutateAsync(schedule.$id)}
          />
        )}
      />
      <ResourceListCard
        noun={{ one: 'SLA policy', many: 'SLA policies' }}
        description={{
          manage:
            'Response and resolution targets. The first policy in this order whose conditions match a ticket applies; a change of priority or policy re-applies the targets and keeps the time used.',
          read: 'Response and resolution targets, in the order they are tried. Only owners and admins can change them.',
        }}
        list={policies}
        canManage={canManage}
        details={(policy) => (
          <div className="grid min-w-0 gap-0.5 text-sm">
            <p className="font-medium break-words">
              {policy.position}. {policy.name}
            </p>
            {targetsLine(policy).map((line) => (
              <p key={line} className="break-words text-muted-foreground">
                {line}
              </p>
            ))}
            <p className="text-muted-foreground">
              Paused while {policy.pausedStatuses.length > 0 ? policy.pausedStatuses.join(', ') : 'never'}
            </p>
          </div>
        )}
        form={(policy, onDone) => (
          <PolicyForm teamId={teamId} nextPosition={nextPosition} policy={policy} onDone={onDone} />
        )}
        deleteButton={(policy) => (
          <ConfirmDeleteButton
            noun="SLA policy"
            name={policy.name}
            consequence="Its tickets are held to the next policy that matches them, from their next change."
            onDelete={() => removePolicy.mutateAsync(policy.$id)}
          />
        )}
      />
    </>
  )
}
