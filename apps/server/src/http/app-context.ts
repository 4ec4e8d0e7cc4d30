import type { TAccountService } from '../accounts/account-service'
import type { TConfig } from '../config/config'
import type { TDatabase } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import type { TDocumentService } from '../documents/document-service'
import type { TEventBus } from '../realtime/event-bus'

/** What the http role's routes share; built once in main and handed to every domain's routes. */
export type TAppContext = {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  accounts: TAccountService
  documents: TDocumentService
  collections: Map<string, TCollectionDefinition>
}
