import {
  BucketId,
  CollectionId,
  DATABASE_ID,
  KEPT_MAIL_STATUSES,
  type TImapAccountCreate,
  type TInboundWebhookInfo,
  type TMailboxDirectory,
} from '@parsedesk/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query, Storage } from 'appwrite'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { client, databases } from '@/lib/appwrite'
import { imapRefreshInterval } from './imap-status'
import type {
  TAttachmentFile,
  TImapAccountDocument,
  TInboundDocument,
  TMailboxDocument,
  TMessageDocument,
} from './mailbox-model'

export const mailboxQueryKey = ['mailbox'] as const
const webhookQueryKey = ['mailbox-webhooks'] as const
const keptMailQueryKey = ['mailbox-kept-mail'] as const
const imapQueryKey = ['imap-accounts'] as const

/** Counters change without any event (an auto-reply makes no ticket), so they are read again now and then. */
const COUNTS_REFRESH_MS = 15_000
const LATEST_KEPT_MAIL = 10

const storage = new Storage(client)

async function readMailbox(teamId: string): Promise<TMailboxDocument> {
  // The server makes each workspace's mailbox on this first read, so there is always one.
  const list = await databases.listDocuments<TMailboxDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.mailboxes,
    queries: [Query.equal('teamId', teamId), Query.orderAsc('$createdAt'), Query.limit(1)],
  })
  const mailbox = list.documents[0]
  if (!mailbox) throw new Error('No parsing address was found for this workspace')
  return mailbox
}

/** The current workspace's parsing mailbox. */
export function useMailbox({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  return useQuery({
    queryKey: [...mailboxQueryKey, userId, teamId],
    queryFn: () => readMailbox(teamId as string),
    enabled: !!userId && !!teamId,
    refetchInterval: COUNTS_REFRESH_MS,
  })
}

export function useRegenerateAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mailboxId: string) =>
      // The one update a mailbox takes: the server draws a new address and secret in place of the old.
      databases
        .updateDocument<Models.DefaultDocument>({
          databaseId: DATABASE_ID,
          collectionId: CollectionId.mailboxes,
          documentId: mailboxId,
          data: { regenerate: true },
        })
        .then((mailbox) => mailbox as unknown as TMailboxDocument),
    onSuccess: (mailbox) => {
      queryClient.setQueriesData<TMailboxDocument>({ queryKey: mailboxQueryKey }, mailbox)
    },
    // The webhook URLs carry the secret, which was replaced with the address.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mailboxQueryKey }),
        queryClient.invalidateQueries({ queryKey: webhookQueryKey }),
      ]),
  })
}

/** The SDK has no method for this route of ours, so it goes through the SDK client's own call(). */
function readWebhookInfo(mailboxId: string): Promise<TInboundWebhookInfo> {
  const url = new URL(`${client.config.endpoint}/inbound/${encodeURIComponent(mailboxId)}`)
  return client.call('get', url)
}

export function useWebhookInfo({ mailboxId }: { mailboxId: string | undefined }) {
  return useQuery({
    queryKey: [...webhookQueryKey, mailboxId],
    queryFn: () => readWebhookInfo(mailboxId ?? ''),
    enabled: !!mailboxId,
  })
}

async function listKeptMail(teamId: string): Promise<TInboundDocument[]> {
  const list = await databases.listDocuments<TInboundDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.inbound,
    queries: [
      Query.equal('teamId', teamId),
      Query.equal('status', [...KEPT_MAIL_STATUSES]),
      Query.orderDesc('$createdAt'),
      Query.limit(LATEST_KEPT_MAIL),
    ],
  })
  return list.documents
}

export function useKeptMail({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  return useQuery({
    queryKey: [...keptMailQueryKey, userId, teamId],
    queryFn: () => listKeptMail(teamId as string),
    enabled: !!userId && !!teamId,
    refetchInterval: COUNTS_REFRESH_MS,
  })
}

async function listImapAccounts(teamId: string): Promise<TImapAccountDocument[]> {
  const list = await databases.listDocuments<TImapAccountDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.imapAccounts,
    queries: [Query.equal('teamId', teamId), Query.orderAsc('$createdAt'), Query.limit(100)],
  })
  return list.documents
}

export function useImapAccounts({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  return useQuery({
    queryKey: [...imapQueryKey, userId, teamId],
    queryFn: () => listImapAccounts(teamId as string),
    enabled: !!userId && !!teamId,
    refetchInterval: (query) => imapRefreshInterval(query.state.data),
  })
}

/**
 * The workspace's mailboxes by name, for every member (agents included, who cannot read the IMAP accounts
 * themselves). Our route beside Appwrite's Teams API, so it goes through the SDK's call(); kept under the
 * IMAP key so connecting or removing a mailbox reads it again.
 */
export function useMailboxDirectory(teamId: string | undefined) {
  return useQuery({
    queryKey: [...imapQueryKey, 'directory', teamId],
    queryFn: (): Promise<TMailboxDirectory> =>
      client.call(
        'get',
        new URL(`${client.config.endpoint}/teams/${encodeURIComponent(teamId as string)}/mailboxes`),
      ),
    enabled: !!teamId,
    staleTime: 60_000,
  })
}

/** Connects an IMAP mailbox to the current workspace. */
export function useCreateImapAccount({ userId }: { userId: string | undefined }) {
  const queryClient = useQueryClient()
  const teamId = useCurrentWorkspaceId(userId)
  return useMutation({
    mutationFn: (account: TImapAccountCreate) =>
      databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: ID.unique(),
        data: { ...account, teamId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imapQueryKey }),
  })
}

export function useSetImapAccountEnabled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ accountId, enabled }: { accountId: string; enabled: boolean }) =>
      databases.updateDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: accountId,
        data: { enabled },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imapQueryKey }),
  })
}

export function useRemoveImapAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (accountId: string) =>
      databases.deleteDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.imapAccounts,
        documentId: accountId,
      }),
    // Not awaited: the confirmation closes first, while its account is still listed to take focus from.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: imapQueryKey })
    },
  })
}

/**
 * A ticket's replies and files. The server touches the ticket whenever a reply lands, and the ticket list
 * follows that through realtime, so keying on `$updatedAt` refreshes them with no socket of their own.
 */
type TTicketVersion = { ticketId: string; updatedAt: string }

async function listMessages(ticketId: string): Promise<TMessageDocument[]> {
  const list = await databases.listDocuments<TMessageDocument>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.messages,
    queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$createdAt'), Query.limit(100)],
  })
  return list.documents
}

export function useTicketMessages({ ticketId, updatedAt }: TTicketVersion) {
  return useQuery({
    queryKey: ['ticket-messages', ticketId, updatedAt],
    queryFn: () => listMessages(ticketId),
    placeholderData: keepPreviousData,
  })
}

async function listAttachments(ticketId: string): Promise<TAttachmentFile[]> {
  const list = await storage.listFiles({
    bucketId: BucketId.attachments,
    queries: [Query.equal('ticketId', ticketId), Query.orderAsc('$createdAt'), Query.limit(100)],
  })
  return list.files as TAttachmentFile[]
}

export function useTicketAttachments({ ticketId, updatedAt }: TTicketVersion) {
  return useQuery({
    queryKey: ['ticket-attachments', ticketId, updatedAt],
    queryFn: () => listAttachments(ticketId),
    placeholderData: keepPreviousData,
  })
}

/** The browser sends the session cookie with it; the server answers only whoever may read the ticket. */
export function attachmentDownloadUrl(fileId: string): string {
  return storage.getFileDownload({ bucketId: BucketId.attachments, fileId })
}

/** An image attachment as the browser shows it in place (the server serves only safe types inline). */
export function attachmentViewUrl(fileId: string): string {
  return storage.getFileView({ bucketId: BucketId.attachments, fileId })
}
