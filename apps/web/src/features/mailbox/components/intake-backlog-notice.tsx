import { IntakeBacklogMessages } from '@parsedesk/contracts'
import { Hourglass } from 'lucide-react'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { useIntakeBacklog } from '../intake-backlog-query'

/**
 * "N mails waiting" while the intake is behind and defers new mail (decision 031): the team knows why
 * tickets come late, and that senders keep what was deferred. Nothing shows otherwise.
 */
export function IntakeBacklogNotice({ userId }: { userId: string | undefined }) {
  const backlog = useIntakeBacklog(useCurrentWorkspaceId(userId))
  if (!backlog.data?.behind) return null
  return (
    <p
      role="status"
      data-testid="intake-backlog"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
    >
      <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {IntakeBacklogMessages.waiting(backlog.data.waiting)}
    </p>
  )
}
