import { EventEmitter } from 'node:events'

/** A change to one document, as every process's realtime sockets need it. */
export type TDocumentEvent = {
  action: 'create' | 'update' | 'delete'
  databaseId: string
  collectionId: string
  documentId: string
  /** The document as the API shows it (after the change; before it for a delete). */
  document: Record<string, unknown>
  readRoles: string[]
  timestamp: string
  /**
   * The channels and event names of a change that is not a document's (a workspace's or a membership's),
   * set by its publisher; such an event goes to whoever holds one of `readRoles`, with no collection check.
   */
  names?: { channels: string[]; events: string[] }
}

export type TEventBus = {
  publish(event: TDocumentEvent): Promise<void>
  subscribe(listener: (event: TDocumentEvent) => void): () => void
  close(): Promise<void>
}

/** One process: events go straight from the publisher to the listeners. */
export function createMemoryEventBus(): TEventBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    async publish(event) {
      emitter.emit('event', event)
    },
    subscribe(listener) {
      emitter.on('event', listener)
      return () => emitter.off('event', listener)
    },
    async close() {
      emitter.removeAllListeners()
    },
  }
}
