import { useQuery } from '@tanstack/react-query'
import { type Models, Query, Teams } from 'appwrite'
import { client } from '@/lib/appwrite'
import { useChosenWorkspaceId } from './current-workspace-store'
import { pickCurrentWorkspace, TEAMS_PAGE } from './workspace-choice'

/**
 * The user's workspaces and the current one, for the header and the dashboard. Kept apart from the rest of
 * the workspace queries and free of the contracts' zod-backed modules (teams.ts, outbox.ts), so neither
 * brings zod to the dashboard's first paint.
 */
export type TWorkspace = Models.Team<Models.Preferences>

export const workspacesQueryKey = ['workspaces'] as const

export const teams = new Teams(client)

async function listWorkspaces(): Promise<TWorkspace[]> {
  const list = await teams.list({ queries: [Query.orderAsc('$createdAt'), Query.limit(TEAMS_PAGE)] })
  return list.teams
}

export function useWorkspaces({ userId }: { userId: string | undefined }) {
  return useQuery({
    queryKey: [...workspacesQueryKey, userId],
    queryFn: listWorkspaces,
    enabled: !!userId,
  })
}

/** The user's workspaces and the one they work in (their choice on this browser, else the first). */
export function useCurrentWorkspace({ userId }: { userId: string | undefined }) {
  const workspaces = useWorkspaces({ userId })
  const chosenId = useChosenWorkspaceId(userId)
  return { workspaces, current: pickCurrentWorkspace(workspaces.data, chosenId) }
}

/**
 * The id of the workspace the user works in, which scopes the dashboard's tickets, mailbox and mail;
 * undefined while their workspaces load.
 */
export function useCurrentWorkspaceId(userId: string | undefined): string | undefined {
  return useCurrentWorkspace({ userId }).current?.$id
}
