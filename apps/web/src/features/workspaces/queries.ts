import { CollectionId, DATABASE_ID, type TTeamRole } from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { Paths } from '@/app/paths'
import { AuthMode, type TAuthMode } from '@/features/auth/auth-links'
import { setSessionUser, type TUser } from '@/features/auth/session'
import { account, client, databases } from '@/lib/appwrite'
import { type TWorkspace, teams, workspacesQueryKey } from './current-workspace'
import type { TInvitation } from './invitation-link'
import { isWorkspaceMail, outboxRefreshInterval, type TOutboxDocument } from './outbox-model'
import { TEAMS_PAGE } from './workspace-choice'

/**
 * The workspace screens' reads and changes. They use the contracts' zod-backed modules freely: only the
 * settings and invitation pages, loaded on demand, import this; the header and the dashboard need only
 * `current-workspace.ts`.
 */

export type { TWorkspace } from './current-workspace'
export type TMembership = Models.Membership

const membersQueryKey = ['workspace-members'] as const
const outboxQueryKey = ['workspace-outbox'] as const

/** The outbox's newest mails shown; older ones are of no use to anyone waiting for an invitation. */
const OUTBOX_MAILS = 100

/** Every member and, for owners and admins, every open invitation, oldest first, page by page. */
async function listMembers(teamId: string): Promise<TMembership[]> {
  const members: TMembership[] = []
  for (;;) {
    const page = await teams.listMemberships({
      teamId,
      queries: [Query.orderAsc('$createdAt'), Query.limit(TEAMS_PAGE), Query.offset(members.length)],
    })
    members.push(...page.memberships)
    if (page.memberships.length < TEAMS_PAGE || members.length >= page.total) return members
  }
}

/** The one cache entry per workspace for its members, read by settings, groups, macros and the ticket page. */
export const memberQueries = {
  all: membersQueryKey,
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...membersQueryKey, teamId],
      queryFn: () => listMembers(teamId ?? ''),
      enabled: !!teamId,
    }),
}

export function useMembers({ teamId }: { teamId: string | undefined }) {
  return useQuery(memberQueries.list(teamId))
}

async function listOutbox(teamId: string): Promise<TOutboxDocument[]> {
  const list = await databases.listDocuments<TOutboxDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.outbox,
    queries: [Query.orderDesc('$createdAt'), Query.limit(OUTBOX_MAILS)],
  })
  return list.documents.filter((mail) => isWorkspaceMail(mail, teamId))
}

/** Owners and admins only: nobody else may read the workspace's mail. */
export function useWorkspaceOutbox({ teamId, enabled }: { teamId: string | undefined; enabled: boolean }) {
  return useQuery({
    queryKey: [...outboxQueryKey, teamId],
    queryFn: () => listOutbox(teamId ?? ''),
    enabled: enabled && !!teamId,
    refetchInterval: (query) => outboxRefreshInterval(query.state.data),
  })
}

export function useRenameWorkspace() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ teamId, name }: { teamId: string; name: string }) => teams.updateName({ teamId, name }),
    onSuccess: (renamed) => {
      queryClient.setQueriesData<TWorkspace[]>({ queryKey: workspacesQueryKey }, (list) =>
        list?.map((workspace) => (workspace.$id === renamed.$id ? renamed : workspace)),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })
}

/** A new workspace with its creator as owner, which becomes the current one. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name }: { name: string }) => teams.create({ teamId: ID.unique(), name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })
}

function useInvalidateMembers() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersQueryKey }),
      queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
    ])
}

export function useChangeRole() {
  const invalidate = useInvalidateMembers()
  return useMutation({
    mutationFn: ({ teamId, membershipId, role }: { teamId: string; membershipId: string; role: TTeamRole }) =>
      teams.updateMembership({ teamId, membershipId, roles: [role] }),
    onSettled: invalidate,
  })
}

/** Removes a member, revokes an invitation, or (one's own membership) leaves the workspace. */
export function useDeleteMembership() {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateMembers()
  return useMutation({
    mutationFn: ({ teamId, membershipId }: { teamId: string; membershipId: string }) =>
      teams.deleteMembership({ teamId, membershipId }),
    // Not awaited: the confirmation closes first, while the row it belongs to is still there.
    onSettled: () => {
      void invalidate()
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey })
    },
  })
}

type TInviteInput = { teamId: string; email: string; role: TTeamRole }

function invite({ teamId, email, role }: TInviteInput) {
  // The server appends the invitation's ids and secret to this page's address, and mails the link.
  return teams.createMembership({
    teamId,
    roles: [role],
    email,
    url: `${window.location.origin}${Paths.invite}`,
  })
}

export function useInvite() {
  const invalidate = useInvalidateMembers()
  return useMutation({ mutationFn: invite, onSettled: invalidate })
}

/** A new link and mail: the open invitation is revoked (its link stops working) and sent again. */
export function useResendInvitation() {
  const invalidate = useInvalidateMembers()
  return useMutation({
    mutationFn: async ({ membershipId, ...input }: TInviteInput & { membershipId: string }) => {
      await teams.deleteMembership({ teamId: input.teamId, membershipId })
      return invite(input)
    },
    onSettled: () => {
      void invalidate()
    },
  })
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ teamId, membershipId, userId, secret }: TInvitation) =>
      teams.updateMembershipStatus({ teamId, membershipId, userId, secret }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })
}

export type TJoinInput = {
  mode: TAuthMode
  invitation: TInvitation
  values: { email: string; password: string; name: string }
}

/**
 * Joining from the invitation page, signed out, in one step. A new account is created with the invitation,
 * which the server takes up in the same transaction (no empty workspace of its own is made); an existing
 * one signs in and accepts. The session is published only at the end, so the page does not switch to its
 * signed-in form half-way.
 */
async function join({ mode, invitation, values }: TJoinInput): Promise<TUser> {
  const { email, password, name } = values
  const { teamId, membershipId, secret } = invitation
  if (mode === AuthMode.signUp) {
    await client.call(
      'post',
      new URL(`${client.config.endpoint}/account`),
      { 'content-type': 'application/json' },
      { userId: ID.unique(), email, password, name, invitation: { teamId, membershipId, secret } },
    )
    await account.createEmailPasswordSession({ email, password })
    return account.get()
  }
  await account.createEmailPasswordSession({ email, password })
  const user = await account.get()
  try {
    await teams.updateMembershipStatus({ teamId, membershipId, userId: user.$id, secret })
  } catch (error) {
    // Signed in all the same: the page shows the signed-in invitation, where the refusal can be dealt with.
    setSessionUser(user)
    throw error
  }
  return user
}

export function useJoinWorkspace() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: join,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  })
}
