import {
  BucketId,
  CollectionId,
  DATABASE_ID,
  ErrorType,
  type TMacroTicketChanges,
  type TReplyCreate,
} from '@parsedesk/contracts'
import { useMutation } from '@tanstack/react-query'
import { ID, type Models, Storage } from 'appwrite'
import { client, databases } from '@/lib/appwrite'
import { getErrorType } from '@/lib/errors'
import type { TDraftAttachment } from './draft-store'

const storage = new Storage(client)

/** One file up to the reply attachments' bucket, before the reply that sends it (decision 016). */
export async function uploadAttachment(file: File): Promise<TDraftAttachment> {
  const uploaded = await storage.createFile({ bucketId: BucketId.attachments, fileId: ID.unique(), file })
  return { id: uploaded.$id, name: uploaded.name, size: uploaded.sizeOriginal }
}

/**
 * Sends a reply or a note: the ticket's copies first when the agent took one out (a reply's `cc` only
 * adds), then the message (with the status, in its transaction), then what a canned reply changes of the
 * ticket. The page's realtime brings the message and the ticket's changes onto the timeline. Once the message
 * is sent the send has succeeded: a canned reply's changes that fail after it are reported, not retried
 * with the message (which would mail the customer twice).
 */
export function useSendReply() {
  return useMutation({
    mutationFn: async (options: {
      /** Drawn once per draft: a retry after a lost answer is refused as taken, never mailed twice. */
      messageId: string
      reply: TReplyCreate
      /** The ticket's copies to set before the reply, when the agent took any out. */
      copies: string[] | null
      ticketChanges: Omit<TMacroTicketChanges, 'status'>
    }): Promise<{ message: Models.Document; changesError: unknown }> => {
      const { reply } = options
      if (options.copies) await updateTicket(reply.ticketId, { cc: options.copies })
      const message = await databases
        .createDocument({
          databaseId: DATABASE_ID,
          collectionId: CollectionId.messages,
          documentId: options.messageId,
          data: reply,
        })
        .catch(async (error: unknown) => {
          // The first try was sent and its answer lost: the server keeps it under this id.
          if (getErrorType(error) !== ErrorType.documentAlreadyExists) throw error
          return databases.getDocument({
            databaseId: DATABASE_ID,
            collectionId: CollectionId.messages,
            documentId: options.messageId,
          })
        })
      let changesError: unknown
      if (Object.keys(options.ticketChanges).length > 0)
        await updateTicket(reply.ticketId, options.ticketChanges).catch((error: unknown) => {
          changesError = error
        })
      return { message, changesError }
    },
  })
}

function updateTicket(ticketId: string, data: Record<string, unknown>) {
  return databases.updateDocument({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.tickets,
    documentId: ticketId,
    data,
  })
}
