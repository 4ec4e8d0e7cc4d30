import { CollectionId, DATABASE_ID, type TUndoneReply, ZUndoneReply } from '@parsedesk/contracts'
import { useMutation } from '@tanstack/react-query'
import { client, databases } from '@/lib/appwrite'

/**
 * When a sent reply leaves for the relay: its outbox mail's `sendAfter` (decision 039), or undefined when
 * it was not held (the workspace sends at once) or cannot be read.
 */
export async function heldUntil(mailId: string | null | undefined): Promise<number | undefined> {
  if (!mailId) return undefined
  const mail = await databases
    .getDocument({ databaseId: DATABASE_ID, collectionId: CollectionId.outbox, documentId: mailId })
    .catch(() => undefined)
  const sendAfter = (mail as { sendAfter?: unknown } | undefined)?.sendAfter
  if (typeof sendAfter !== 'string') return undefined
  const until = Date.parse(sendAfter)
  return until > Date.now() ? until : undefined
}

/** Takes back a reply still held for undo; the server answers the reply as written, for the composer. */
export function useUndoSend() {
  return useMutation({
    mutationFn: async (messageId: string): Promise<TUndoneReply> =>
      ZUndoneReply.parse(
        await client.call(
          'post',
          new URL(`${client.config.endpoint}/messages/${encodeURIComponent(messageId)}/undo`),
          { 'content-type': 'application/json' },
          {},
        ),
      ),
  })
}
