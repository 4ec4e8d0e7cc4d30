import type { TIntakeBacklog } from '@parsedesk/contracts'
import { useQuery } from '@tanstack/react-query'
import { client } from '@/lib/appwrite'

// The server reads the backlog's age at most once a second and counts only while behind: cheap to poll.
const BACKLOG_REFRESH_MS = 10_000

/** Whether the intake is behind, and how many of the workspace's mails wait meanwhile (decision 031). */
export function useIntakeBacklog(teamId: string | undefined) {
  return useQuery({
    queryKey: ['intake-backlog', teamId],
    queryFn: (): Promise<TIntakeBacklog> =>
      client.call(
        'get',
        new URL(`${client.config.endpoint}/teams/${encodeURIComponent(teamId as string)}/intake-backlog`),
      ),
    enabled: !!teamId,
    refetchInterval: BACKLOG_REFRESH_MS,
  })
}
