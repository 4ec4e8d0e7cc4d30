import { DATABASE_ID } from '@parsedesk/contracts'
import { isoDate } from '../http/iso-date'
import type { TEventBus } from '../realtime/event-bus'
import type { TCollectionDefinition, TDocumentRow } from './collection'
import { toDocumentModel } from './document-model'

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
    document: toDocumentModel(def, row),
    readRoles: row.read_roles,
    timestamp: isoDate(new Date()),
  })
}
