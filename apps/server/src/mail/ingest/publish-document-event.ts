import { DATABASE_ID } from '@parsedesk/contracts'
import type { TCollectionDefinition, TDocumentRow } from '../../documents/collection'
import { toDocumentModel } from '../../documents/document-model'
import { isoDate } from '../../http/iso-date'
import type { TEventBus } from '../../realtime/event-bus'

/** The same event the documents service sends, for documents the ingest job wrote in its own transaction. */
export async function publishDocumentEvent(options: {
  bus: TEventBus
  def: TCollectionDefinition
  action: 'create' | 'update'
  row: TDocumentRow
}): Promise<void> {
  const { def, row } = options
  await options.bus.publish({
    action: options.action,
    databaseId: DATABASE_ID,
    collectionId: def.id,
    documentId: row.id,
    document: toDocumentModel(def, row),
    readRoles: row.read_roles,
    timestamp: isoDate(new Date()),
  })
}
