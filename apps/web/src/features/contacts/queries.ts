import { CollectionId, DATABASE_ID, type TContactAttributes, type TContactUpdate } from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Models } from 'appwrite'
import { databases } from '@/lib/appwrite'

export type TContactDocument = Models.Document & TContactAttributes

const CONTACTS = { databaseId: DATABASE_ID, collectionId: CollectionId.contacts }

/** The one cache entry per contact, read by the ticket's requester card and the composer's placeholders. */
export const contactQueries = {
  all: ['contacts'] as const,
  /** A requester as a contact of the workspace (name, address, organisation). */
  detail: (contactId: string | null | undefined) =>
    queryOptions({
      queryKey: [...contactQueries.all, contactId ?? ''],
      queryFn: () =>
        databases.getDocument<TContactDocument>({ ...CONTACTS, documentId: contactId as string }),
      enabled: !!contactId,
    }),
}

export function useContact(contactId: string | null | undefined) {
  return useQuery(contactQueries.detail(contactId))
}

/** A member corrects the requester's name or organisation (the address is the contact and stays). */
export function useUpdateContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ contactId, change }: { contactId: string; change: TContactUpdate }) =>
      databases.updateDocument<TContactDocument>({ ...CONTACTS, documentId: contactId, data: change }),
    onSuccess: (contact) => queryClient.setQueryData(contactQueries.detail(contact.$id).queryKey, contact),
  })
}
