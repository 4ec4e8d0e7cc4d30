import { CollectionId } from '@parsedesk/contracts'
import type { TConfig, TServerRole } from '../config/config'
import type { TLog } from '../core/logger'
import type { TDatabase } from '../db/database'
import type { TOutbox } from '../outbox/outbox-service'
import type { TDocumentEvent, TEventBus } from '../realtime/event-bus'
import { createNotificationDelivery } from './deliver-notifications'
import { notificationRoutes } from './notification-routes'
import { createNotificationSettings } from './notification-settings'
import { createNotificationsCollection } from './notifications-collection'
import type { TUnassignedTicketsDeps } from './unassigned-tickets.job'

export type TNotificationsModuleDeps = {
  config: Pick<TConfig, 'publicUrl'>
  db: TDatabase
  bus: TEventBus
  outbox: TOutbox
  log: TLog
}

/**
 * Notifications as one module for server.ts (decision 048). The database makes them with the ticket event
 * that causes them (migration 045); a worker announces them when it hears of the ticket's change (the
 * realtime event every change already sends), so every member hears at once, by the bell and by mail.
 */
export function createNotificationsModule(deps: TNotificationsModuleDeps) {
  const { db, bus } = deps
  const collection = createNotificationsCollection()
  const delivery = createNotificationDelivery({ ...deps, collection, publicUrl: deps.config.publicUrl })
  const jobDeps: TUnassignedTicketsDeps = {
    db,
    announceWaiting: () => delivery.announce({ olderThanSeconds: 0 }),
  }
  return {
    collections: [collection],
    routes: [notificationRoutes({ db, settings: createNotificationSettings(db) })],
    /** For the worker's jobs (unassigned-tickets.job.ts). */
    jobDeps,
    async start(roles: ReadonlySet<TServerRole>) {
      if (!roles.has('worker')) return undefined
      const stop = bus.subscribe((event) => {
        const ticketId = ticketIdOf(event)
        if (ticketId) delivery.announceTicket(ticketId)
      })
      return {
        work: async () => {
          stop()
          await delivery.settled()
        },
      }
    },
  }
}

/**
 * The ticket a change may have notified someone of: a ticket's update (an assignment, a customer's answer),
 * a ticket filed already assigned, or a new conversation message (a note, a customer's mail). A new ticket
 * nobody is assigned (most of the mail coming in) costs nothing here.
 */
function ticketIdOf(event: TDocumentEvent): string | undefined {
  const { collectionId, action, document } = event
  if (collectionId === CollectionId.tickets) {
    const mayNotify = action === 'update' || (action === 'create' && typeof document.assigneeId === 'string')
    return mayNotify ? event.documentId : undefined
  }
  if (collectionId === CollectionId.messages && action === 'create' && typeof document.ticketId === 'string')
    return document.ticketId
  return undefined
}
