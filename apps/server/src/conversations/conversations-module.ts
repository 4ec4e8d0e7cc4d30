import type { FastifyInstance } from 'fastify'
import type { TConfig } from '../config/config'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import type { TFileStorage } from '../files/file-storage'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import type { TTicketService } from '../tickets/ticket-service'
import { forgetTicketConversation } from './forget-ticket-conversation'
import { createMessagesCollection } from './messages-collection'
import { createOutboxCollection } from './outbox-collection'
import { createAttachmentOpener } from './reply-attachments'
import { createReplyDelivery } from './reply-delivery'
import { replyUploadRoutes } from './reply-upload-routes'
import { createReplyService } from './send-reply'
import { createSendingAddresses } from './sending-addresses'
import { sendingRoutes } from './sending-routes'
import { createSignatureSettings } from './signature-settings'
import { createReplyUndo } from './undo-reply'
import { replyUndoRoutes } from './undo-reply-routes'

export type TCreateConversationsModuleOptions = {
  config: Pick<TConfig, 'undoSendSeconds' | 'inboundDomain' | 'outbox'>
  db: TDatabase
  bus: TEventBus
  tickets: TTicketService
  /** Where members' replies are queued. */
  outbox: TOutbox
  /** Where attachments live (DATA_DIR/files); the server's one, which a backup holds removals of. */
  storage: TFileStorage
}

/**
 * A ticket's conversation as one module for server.ts: its messages (customers' mail, members' replies
 * and notes, copies), replies' uploads and undo, and what happens to a reply once the outbox has it. Any
 * channel writes into it; mail's ingest through `messages` and `delivery`.
 */
export function createConversationsModule(options: TCreateConversationsModuleOptions) {
  const { db, bus, storage } = options
  // Read by ingest as it writes answers; replies are created through the documents API with the writer.
  const messages = createMessagesCollection()
  const replies = createReplyService({
    db,
    bus,
    tickets: options.tickets,
    outbox: options.outbox,
    messages,
    undoSendSeconds: options.config.undoSendSeconds,
  })
  // One record of a reply's delivery, whether the relay refused it or a later server sent it back.
  const delivery = createReplyDelivery({ db, bus, tickets: options.tickets.collection, messages })
  const collections: TCollectionDefinition[] = [
    createMessagesCollection({ writer: replies.writer }),
    createOutboxCollection(),
  ]
  const routes: ((app: FastifyInstance) => Promise<void> | void)[] = [
    replyUploadRoutes({ storage, db }),
    sendingRoutes({
      sending: createSendingAddresses({ db, outbox: options.outbox, config: options.config }),
      signatures: createSignatureSettings({ db }),
    }),
    replyUndoRoutes({
      undo: createReplyUndo({ db, bus, messages, tickets: options.tickets.collection }),
    }),
  ]

  return {
    collections,
    routes,
    /** The messages collection as ingest writes customers' mail into it. */
    messages,
    /** For the outbox's sender and sweeper, and ingest's returned mail: replies' delivery on their tickets. */
    delivery,
    /** For the outbox's sender: a reply's files' bytes. */
    openAttachments: createAttachmentOpener({ db, storage }),
    forgetTicket: (ticketId: string) => forgetTicketConversation({ db, storage, ticketId }),
  }
}

export type TConversationsModule = ReturnType<typeof createConversationsModule>
