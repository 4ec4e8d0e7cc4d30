import { DATABASE_ID, jsonByteLength } from '@parsedesk/contracts'
import { isoDate } from '../core/iso-date'
import type { TEventBus } from '../realtime/event-bus'
import type { TCollectionDefinition, TDocumentRow } from './collection'
import { type TDocumentModel, toDocumentModel } from './document-model'

/**
 * What an event may carry of its document: the bus stores every event and every subscribed socket gets
 * it, so a ticket with megabytes of raw source would cost megabytes per open dashboard. Over this, the
 * largest attributes are left out of the payload (absent, not null, so a client merging the payload into
 * what it has keeps its values); the document itself has them.
 */
export const EVENT_DOCUMENT_MAX_BYTES = 64 * 1024

function boundedPayload(model: TDocumentModel): TDocumentModel {
  let bytes = Buffer.byteLength(JSON.stringify(model))
  if (bytes <= EVENT_DOCUMENT_MAX_BYTES) return model
  const payload = { ...model }
  const largestFirst = Object.entries(model)
    .filter(([name]) => !name.startsWith('$'))
    .map(([name, value]) => ({ name, bytes: jsonByteLength(value) }))
    .sort((a, b) => b.bytes - a.bytes)
  for (const attribute of largestFirst) {
    if (bytes <= EVENT_DOCUMENT_MAX_BYTES) break
    delete payload[attribute.name]
    bytes -= attribute.bytes
  }
  return payload
}

/** The bus event for one committed document change, as every writer of documents sends it. */
export async function publishDocumentEvent(options: {
  bus: TEventBus
  def: TCollectionDefinition
  action: 'create' | 'update' | 'delete'
  row: TDocumentRow
}): Promise<void> {
  const { def, row } = options
  await options.bus.publish({
    action: options.action,
    databaseId: DATABASE_ID,
    collectionId: def.id,
    documentId: row.id,
    document: boundedPayload(toDocumentModel(def, row)),
    readRoles: row.read_roles,
    timestamp: isoDate(new Date()),
  })
}
