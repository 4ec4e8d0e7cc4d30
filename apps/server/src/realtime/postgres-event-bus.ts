import pg from 'pg'
import type { TQueryable } from '../db/database'
import type { TDocumentEvent, TEventBus } from './event-bus'

export type TPostgresEventBusOptions = {
  connectionString: string
  /** The pool publishes and fetches; the listener has a connection of its own. */
  db: TQueryable
  channel?: string
  retentionMs?: number
  pruneEveryMs?: number
  reconnectDelayMs?: { min: number; max: number }
  log?: (message: string, error?: unknown) => void
}

export type TPostgresEventBus = TEventBus & { isListening(): boolean }

/** Postgres refuses NOTIFY payloads from 8000 bytes; smaller events travel inline and skip a fetch. */
const INLINE_LIMIT_BYTES = 7900
/** How far back a reconnected listener looks for events it may have missed, in ids and in dedup memory. */
const CATCH_UP_WINDOW = 1000
const SEEN_MEMORY = 5000
export const LISTENER_APPLICATION_NAME = 'parsedesk-realtime'

/**
 * Events across processes: each is stored in `realtime_events` and announced by NOTIFY (its id, plus the
 * event itself when it fits). Every process LISTENs on a dedicated connection that reconnects with back-off
 * and, once back, replays the stored events it missed.
 */
export async function createPostgresEventBus(options: TPostgresEventBusOptions): Promise<TPostgresEventBus> {
  const { db } = options
  const channel = options.channel ?? 'parsedesk_realtime'
  // LISTEN takes an identifier, not a parameter.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid NOTIFY channel "${channel}"`)
  const retentionMs = options.retentionMs ?? 60_000
  const delays = options.reconnectDelayMs ?? { min: 100, max: 5000 }
  const log = options.log ?? ((message, error) => console.error(`[realtime] ${message}`, error ?? ''))
  const listeners = new Set<(event: TDocumentEvent) => void>()

  let client: pg.Client | undefined
  let closed = false
  let reconnectTimer: NodeJS.Timeout | undefined
  let delay = delays.min
  let floorId = 0
  let maxSeenId = 0
  const seen = new Set<number>()
  let chain: Promise<void> = Promise.resolve()

  /** False for events that predate this process or were already delivered (a replay overlapping NOTIFYs). */
  function markSeen(id: number): boolean {
    if (id <= floorId || seen.has(id)) return false
    seen.add(id)
    if (seen.size > SEEN_MEMORY) seen.delete(seen.values().next().value as number)
    maxSeenId = Math.max(maxSeenId, id)
    return true
  }

  function dispatch(text: string): void {
    const event = JSON.parse(text) as TDocumentEvent
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        log('a realtime listener failed', error)
      }
    }
  }

  /** Sequential, so events reach listeners in NOTIFY order even when some need a fetch. */
  function enqueue(id: number, inline: string | undefined): void {
    chain = chain
      .then(async () => {
        if (closed || !markSeen(id)) return
        const text =
          inline ??
          (await db.query<{ event: string }>('select event from realtime_events where id = $1', [id])).rows[0]
            ?.event
        if (text !== undefined) dispatch(text)
      })
      .catch((error) => log(`event ${id} could not be delivered`, error))
  }

  function onNotification(message: pg.Notification): void {
    if (message.channel !== channel || !message.payload) return
    const colon = message.payload.indexOf(':')
    const id = Number(colon < 0 ? message.payload : message.payload.slice(0, colon))
    if (Number.isSafeInteger(id)) enqueue(id, colon < 0 ? undefined : message.payload.slice(colon + 1))
  }

  async function catchUp(): Promise<void> {
    const { rows } = await db.query<{ id: number; event: string }>(
      'select id, event from realtime_events where id > $1 order by id',
      [Math.max(floorId, maxSeenId - CATCH_UP_WINDOW)],
    )
    for (const row of rows) enqueue(Number(row.id), row.event)
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      connect()
        .then(() => catchUp().catch((error) => log('replaying missed events failed', error)))
        .catch((error) => {
          log('listener reconnect failed', error)
          delay = Math.min(delay * 2, delays.max)
          scheduleReconnect()
        })
    }, delay)
  }

  function lose(lost: pg.Client, error?: unknown): void {
    if (lost !== client) return
    client = undefined
    lost.end().catch(() => undefined)
    if (closed) return
    log('listener connection lost, reconnecting', error)
    scheduleReconnect()
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    })
    next.on('notification', onNotification)
    next.on('error', (error) => lose(next, error))
    next.on('end', () => lose(next))
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      next.end().catch(() => undefined)
      throw error
    }
    if (closed) {
      await next.end()
      return
    }
    client = next
    delay = delays.min
  }

  // Events before this process listened are not its to deliver, even when a later replay finds them.
  floorId = Number(
    (await db.query<{ id: number }>('select coalesce(max(id), 0) as id from realtime_events')).rows[0]?.id ??
      0,
  )
  await connect()

  const pruner = setInterval(
    () => {
      db.query('delete from realtime_events where created_at < now() - make_interval(secs => $1)', [
        retentionMs / 1000,
      ]).catch((error) => log('pruning realtime events failed', error))
    },
    options.pruneEveryMs ?? Math.max(1000, retentionMs / 2),
  )
  pruner.unref()

  return {
    async publish(event) {
      const text = JSON.stringify(event)
      await db.query(
        `with inserted as (insert into realtime_events (event) values ($1) returning id)
         select pg_notify($2, case when $3::boolean then id::text || ':' || $1 else id::text end) from inserted`,
        [text, channel, Buffer.byteLength(text) <= INLINE_LIMIT_BYTES],
      )
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isListening: () => client !== undefined,
    async close() {
      closed = true
      clearInterval(pruner)
      clearTimeout(reconnectTimer)
      listeners.clear()
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
      await chain
    },
  }
}
