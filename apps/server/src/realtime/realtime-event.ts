import type { TDocumentEvent } from './event-bus'

/** One change as the realtime protocol shows it, before it is addressed to a socket's subscriptions. */
export type TRealtimeEvent = {
  /** A document's change, which the reader's collection access also governs; else a workspace's. */
  isDocument: boolean
  collectionId: string
  events: string[]
  channels: string[]
  /** `channels` plus the action-suffixed forms the SDK's Channel builder makes (`...documents.create`). */
  matchChannels: Set<string>
  timestamp: string
  payload: Record<string, unknown>
  readRoles: string[]
}

/**
 * Every name Appwrite lists for a document event: each level of the path
 * (`databases.D.collections.C.documents.ID.create`, `...documents.ID`, `databases.D.collections.C`,
 * `databases.D`) with every combination of its ids replaced by `*`.
 */
export function documentEventNames(event: TDocumentEvent): string[] {
  const ids = [event.databaseId, event.collectionId, event.documentId]
  const levels: ((d: string, c: string, doc: string) => string)[] = [
    (d, c, doc) => `databases.${d}.collections.${c}.documents.${doc}.${event.action}`,
    (d, c, doc) => `databases.${d}.collections.${c}.documents.${doc}`,
    (d, c) => `databases.${d}.collections.${c}`,
    (d) => `databases.${d}`,
  ]
  const names = new Set<string>()
  for (const level of levels) {
    // Bit i of mask set: id i becomes `*`. Mask 0 (all real ids) first, then all wildcards, as Appwrite orders them.
    for (const mask of [0, 7, 1, 2, 4, 3, 5, 6]) {
      const [d, c, doc] = ids.map((id, i) => (mask & (1 << i) ? '*' : id)) as [string, string, string]
      names.add(level(d, c, doc))
    }
  }
  return [...names]
}

export function documentChannels(event: TDocumentEvent): string[] {
  const collection = `databases.${event.databaseId}.collections.${event.collectionId}.documents`
  return ['documents', collection, `${collection}.${event.documentId}`]
}

export function toRealtimeEvent(event: TDocumentEvent): TRealtimeEvent {
  if (event.names) {
    return {
      isDocument: false,
      collectionId: event.collectionId,
      events: event.names.events,
      channels: event.names.channels,
      matchChannels: new Set(event.names.channels),
      timestamp: event.timestamp,
      payload: event.document,
      readRoles: event.readRoles,
    }
  }
  const channels = documentChannels(event)
  const [, collection, document] = channels as [string, string, string]
  return {
    isDocument: true,
    collectionId: event.collectionId,
    events: documentEventNames(event),
    channels,
    matchChannels: new Set([...channels, `${collection}.${event.action}`, `${document}.${event.action}`]),
    timestamp: event.timestamp,
    payload: event.document,
    readRoles: event.readRoles,
  }
}
