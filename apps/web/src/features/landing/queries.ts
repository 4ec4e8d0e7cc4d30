import { CollectionId, DATABASE_ID, type TWaitlistRequest } from '@parsedesk/contracts'
import { useMutation } from '@tanstack/react-query'
import { ID } from 'appwrite'
import { databases } from '@/lib/appwrite'

export function useCreateDemoRequest() {
  return useMutation({
    mutationFn: (request: TWaitlistRequest) =>
      databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.waitlist,
        documentId: ID.unique(),
        data: request,
      }),
  })
}
