import type { TDatabase } from '../db/database'
import type { TFileStorage } from '../files/file-storage'

export type TForgetTicketConversationOptions = { db: TDatabase; storage: TFileStorage; ticketId: string }

/**
 * A deleted ticket takes its conversation, attachments, threading ids and raw mail with it: nothing the
 * owner deleted stays readable or stored. The inbound record stays, without its bytes (it is the
 * mailbox's history). The retention sweep runs this again for a ticket whose deletion a crash cut short.
 */
export async function forgetTicketConversation(options: TForgetTicketConversationOptions): Promise<void> {
  const { db, storage, ticketId } = options
  const storageKeys = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ storageKey: string }>(
      `delete from files where "ticketId" = $1
         or "threadMessageId" in (select id from messages where "ticketId" = $1)
       returning "storageKey"`,
      [ticketId],
    )
    await tx.query('delete from messages where "ticketId" = $1', [ticketId])
    await tx.query('delete from mail_thread_ids where ticket_id = $1', [ticketId])
    await tx.query(
      `delete from inbound_raw where inbound_id in (select id from inbound_emails where "ticketId" = $1)`,
      [ticketId],
    )
    return rows.map((row) => row.storageKey)
  })
  // Bytes go after the rows commit: a crash in between leaves an unreferenced file, never a dangling row.
  for (const key of storageKeys) await storage.remove(key)
}
