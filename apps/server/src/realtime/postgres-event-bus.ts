import crypto from 'node:crypto'
import pg from 'pg'
import type { TLog } from '../core/logger'
import type { TQueryable } from '../db/database'
import { createGroupCommit } from '../db/group-commit'
import type { TDocumentEvent, TEventBus } from './event-bus'

export type TPostgresEventBusOptions = {
  connectionString: string
  /** The pool publishes and fetches; the listener has a connection of its own. */
  db: TQueryable
  channel?: string
  retentionMs?: number
  pruneEveryMs?: number
  reconnectDelayMs?: { min: number; max: number }
  log: TLog
}

export type TPostgresEventBus = TEventBus & { isListening(): boolean }

/** Postgres refuses NOTIFY payloads from 8000 bytes; a group whose events fit travels inline and skips a fetch. */
const NOTIFY_LIMIT_BYTES = 7900
/** A bigint id and its comma, at most. */
const ID_BYTES = 20
/** Keeps a group's id list inside the NOTIFY limit (256 × 20 bytes) and its statement a sane size. */
const GROUP_MAX_EVENTS = 256
const GROUP_MAX_CHARS = 8 * 1024 * 1024
/** How far back a reconnected listener looks for events it may have missed, in ids and in dedup memory. */
const CATCH_UP_WINDOW = 1000
const SEEN_MEMORY = 5000
/** Pauses between tries of a failed fetch of NOTIFYed events; `undefined` ends the tries. */
const FETCH_RETRY_PAUSES_MS = [100, 500, undefined]
export const LISTENER_APPLICATION_NAME = 'parsedesk-realtime'

/**
 * One statement stores a group of `size` events ($4...) and announces it: ids are drawn in VALUES order, so
 * they ascend in publish order, and the one NOTIFY names them all. One parameter per event, not a text[]:
 * node-postgres escapes every quote of an array element, ~200 µs of CPU per ticket-sized event.
 */
function storeGroupSql(size: number): string {
  const values = Array.from({ length: size }, (_, index) => `($${index + 4})`).join(', ')
  return `with inserted as (insert into realtime_events (event) values ${values} returning id)
    select array_agg(id order by id) as ids,
      pg_notify($1, $2::text || ':' || string_agg(id::text, ',' order by id) || coalesce(':' || $3::text, ''))
    from inserted`
}

type TPendingPublish = { event: TDocumentEvent; text: string; resolve(): void; reject(error: unknown): void }

/**
 * What the listeners get next, in queue order: events (fetched by id first when they came without), or,
 * after a reconnect, the stored events missed meanwhile, replayed once the new connection listens.
 */
type TEventsDelivery = { ids: number[]; events?: TDocumentEvent[] }
type TDelivery = TEventsDelivery | { replayOnceListening: Promise<void> }

/**
 * Events across processes: publishes are grouped (those of one event-loop turn, plus those made while the
 * previous group was being stored) into one insert into `realtime_events` with one NOTIFY naming this bus
 * and the group's ids (and carrying the events when they fit). The publishing process hands its own events
 * to its listeners itself and skips its own NOTIFYs; the others fetch a NOTIFY's events in one select.
 * Every process LISTENs on a dedicated connection that reconnects with back-off and, once back, replays
 * the stored events it missed.
 */
export async function createPostgresEventBus(options: TPostgresEventBusOptions): Promise<TPostgresEventBus> {
  const { db } = options
  const channel = options.channel ?? 'parsedesk_realtime'
  // LISTEN takes an identifier, not a parameter.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid NOTIFY channel "${channel}"`)
  const retentionMs = options.retentionMs ?? 60_000
  const delays = options.reconnectDelayMs ?? { min: 100, max: 5000 }
  const { log } = options
  const listeners = new Set<(event: TDocumentEvent) => void>()
  /** Names this bus in its NOTIFYs, so it can tell its own (already delivered) from the others'. */
  const busId = crypto.randomBytes(6).toString('hex')

  let client: pg.Client | undefined
  let closed = false
  let reconnectTimer: NodeJS.Timeout | undefined
  let delay = delays.min
  let floorId = 0
  // The highest id this bus's listener is known to have heard of (by a NOTIFY, its own included, or a
  // replay): a reconnect replays from a little below it. Not the highest id delivered: this bus's own
  // events are delivered without the listener, and would lift that past what it missed while deaf.
  let heardUpTo = 0
  // This bus's own ids above the replay window's floor, so a replay never delivers them a second time
  // however many were published while the listener was down. Ascending: pruned from the front.
  const ownUnheard = new Set<number>()
  const seen = new Set<number>()

  /** False for events that predate this process or were already delivered (a replay overlapping NOTIFYs). */
  function markSeen(id: number): boolean {
    if (id <= floorId || seen.has(id)) return false
    seen.add(id)
    if (seen.size > SEEN_MEMORY) seen.delete(seen.values().next().value as number)
    return true
  }

  function hear(id: number): void {
    if (id <= heardUpTo) return
    heardUpTo = id
    for (const own of ownUnheard) {
      if (own > heardUpTo - CATCH_UP_WINDOW) break
      ownUnheard.delete(own)
    }
  }

  function dispatch(event: TDocumentEvent): void {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        log('a realtime listener failed', error)
      }
    }
  }

  // Delivery is one sequential queue for this bus's own events, NOTIFYs and replays alike, so an event
  // never overtakes one that reached this process earlier but still needed a fetch or a replay.
  const deliveries: TDelivery[] = []
  let delivering: Promise<void> | undefined

  function deliver(delivery: TDelivery): void {
    deliveries.push(delivery)
    delivering ??= drainDeliveries().finally(() => {
      delivering = undefined
    })
  }

  async function drainDeliveries(): Promise<void> {
    while (deliveries.length > 0 && !closed) {
      const first = deliveries[0]
      if (first && 'replayOnceListening' in first) {
        deliveries.shift()
        await replayMissed(first.replayOnceListening)
        continue
      }
      // Everything queued up to the next replay at once, so NOTIFYs that arrived during a fetch share one.
      const replayAt = deliveries.findIndex((delivery) => 'replayOnceListening' in delivery)
      const batch = deliveries.splice(0, replayAt < 0 ? deliveries.length : replayAt)
      await deliverEvents(batch.filter((delivery) => 'ids' in delivery))
    }
  }

  async function deliverEvents(batch: TEventsDelivery[]): Promise<void> {
    const wanted = batch.map(({ ids, events }) => ({
      events,
      ids: ids.map((id, index) => ({ id, index })).filter(({ id }) => markSeen(id)),
    }))
    const toFetch = wanted.flatMap(({ ids, events }) => (events ? [] : ids.map(({ id }) => id)))
    const fetched =
      toFetch.length > 0 ? await fetchEventsPatiently(toFetch) : new Map<number, TDocumentEvent>()
    for (const { ids, events } of wanted) {
      for (const { id, index } of ids) {
        const event = events ? events[index] : fetched.get(id)
        if (event) dispatch(event)
      }
    }
  }

  /**
   * A group's NOTIFY can name hundreds of events: a pool error must not lose them all. Tried again after a
   * pause; if the pool stays down they are forgotten as seen, so the replay after the listener's reconnect
   * (the pool and the listener usually fail together) can still deliver them.
   */
  async function fetchEventsPatiently(ids: number[]): Promise<Map<number, TDocumentEvent>> {
    for (const pauseMs of FETCH_RETRY_PAUSES_MS) {
      try {
        return await fetchEvents(ids)
      } catch (error) {
        log(`events ${ids.join(',')} could not be fetched`, error)
        if (pauseMs === undefined || closed) break
        await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
    }
    for (const id of ids) seen.delete(id)
    return new Map()
  }

  async function fetchEvents(ids: number[]): Promise<Map<number, TDocumentEvent>> {
    const { rows } = await db.query<{ id: number | string; event: string }>(
      'select id, event from realtime_events where id = any($1::bigint[]) order by id',
      [ids],
    )
    return new Map(rows.map((row) => [Number(row.id), JSON.parse(row.event) as TDocumentEvent]))
  }

  /** `<bus>:<id>,<id>...[:<events as a JSON array>]`; this bus's own NOTIFYs are already delivered. */
  function onNotification(message: pg.Notification): void {
    if (message.channel !== channel || !message.payload) return
    const [sender = '', idList = ''] = message.payload.split(':', 2)
    if (!idList) return
    const ids = idList.split(',').map(Number)
    if (!ids.every(Number.isSafeInteger)) return
    hear(Math.max(...ids))
    if (sender === busId) return
    const inline = message.payload.slice(sender.length + idList.length + 2)
    try {
      deliver({ ids, events: inline ? (JSON.parse(inline) as TDocumentEvent[]) : undefined })
    } catch (error) {
      log(`NOTIFY ${idList} is not readable`, error)
    }
  }

  /**
   * Queued before the new connection's first NOTIFY can be, and run once it listens: events stored while
   * the bus was deaf come first, and what the NOTIFYs repeat is dropped as already seen.
   */
  async function replayMissed(listening: Promise<void>): Promise<void> {
    const listens = await listening.then(
      () => true,
      () => false,
    )
    // A failed reconnect queues another replay with its next attempt; a closed bus delivers nothing more.
    if (!listens || closed) return
    try {
      const { rows } = await db.query<{ id: number | string; event: string }>(
        'select id, event from realtime_events where id > $1 order by id',
        [Math.max(floorId, heardUpTo - CATCH_UP_WINDOW)],
      )
      const missed = rows.filter((row) => !ownUnheard.has(Number(row.id)))
      await deliverEvents([
        {
          ids: missed.map((row) => Number(row.id)),
          events: missed.map((row) => JSON.parse(row.event) as TDocumentEvent),
        },
      ])
      const last = rows.at(-1)
      if (last) hear(Number(last.id))
    } catch (error) {
      log('replaying missed events failed', error)
    }
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      const listening = connect()
      deliver({ replayOnceListening: listening })
      listening.catch((error) => {
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
      // Deliveries wait behind a reconnect's replay, so an attempt must not hang on an unanswered connect.
      connectionTimeoutMillis: 10_000,
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

  /** The events themselves when the whole NOTIFY stays under Postgres' limit with the longest possible ids. */
  function inlinePayload(group: TPendingPublish[]): string | null {
    const room = NOTIFY_LIMIT_BYTES - busId.length - 2 - group.length * ID_BYTES
    // A string's length never exceeds its UTF-8 size: most groups are ruled out without building the JSON.
    if (group.reduce((sum, publish) => sum + publish.text.length + 1, 1) > room) return null
    const json = `[${group.map((publish) => publish.text).join(',')}]`
    return Buffer.byteLength(json) <= room ? json : null
  }

  /** A failed insert rejects every publish of the group (createGroupCommit does): none of it was stored. */
  async function storeGroup(group: TPendingPublish[]): Promise<void> {
    const { rows } = await db.query<{ ids: (number | string)[] }>(storeGroupSql(group.length), [
      channel,
      busId,
      inlinePayload(group),
      ...group.map((publish) => publish.text),
    ])
    const ids = (rows[0]?.ids ?? []).map(Number)
    for (const id of ids) ownUnheard.add(id)
    deliver({ ids, events: group.map((publish) => publish.event) })
    for (const publish of group) publish.resolve()
  }

  // One group in flight at a time, so ids, NOTIFYs and local deliveries all follow publish order.
  const publishing = createGroupCommit<TPendingPublish>({
    limits: { maxItems: GROUP_MAX_EVENTS, maxSize: GROUP_MAX_CHARS },
    sizeOf: (publish) => publish.text.length,
    write: storeGroup,
  })

  // Events before this process listened are not its to deliver, even when a later replay finds them.
  floorId = Number(
    (await db.query<{ id: number }>('select coalesce(max(id), 0) as id from realtime_events')).rows[0]?.id ??
      0,
  )
  heardUpTo = floorId
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
    publish(event) {
      return new Promise<void>((resolve, reject) => {
        publishing.add({ event, text: JSON.stringify(event), resolve, reject })
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isListening: () => client !== undefined,
    async close() {
      // Publishes already made still get stored (their callers are waiting), then delivery stops.
      await publishing.idle()
      closed = true
      clearInterval(pruner)
      clearTimeout(reconnectTimer)
      listeners.clear()
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
      await delivering
    },
  }
}
