import { CollectionId, DATABASE_ID, ProcessingStatus } from '@parsedesk/contracts'
import { ID, type Models, Realtime, type RealtimeResponseEvent } from 'appwrite'
import { enableSdkRealtimeInNode, signUpUser, type TSdkUser } from '../../apps/server/src/testing/sdk-client'

// An open Support Dashboard, in a process of its own as the browser would be on another machine: a user
// signed up and in through the API, and the official appwrite SDK's Realtime subscribed to the tickets
// channel over /v1/realtime, as apps/web's useTicketsRealtime does. It notes when each mailed ticket
// (known by the Message-ID in its rawJson) reaches it: its create event, and its update to `completed`.
// Driven over IPC by run-ingest.ts.

export type TDashboardTicketTimes = { id: string; shownAt?: number; analysedAt?: number }

export type TDashboardCommand =
  | { kind: 'open'; serverUrl: string }
  /** The times of every ticket whose Message-ID starts with `label-`, then forgets them. */
  | { kind: 'report'; label: string }

export type TDashboardReport =
  | { kind: 'ready'; userId: string; mailbox: { id: string; address: string } }
  /** Sent as each mailed ticket shows `completed`, so a steady sender can send its next mail. */
  | { kind: 'analysed'; id: string }
  | {
      kind: 'seen'
      tickets: TDashboardTicketTimes[]
      /** Events of tickets not the signed-in user's, since the socket opened; must stay 0. */
      foreignEvents: number
      /** This process's CPU since the previous report. */
      cpuMs: number
    }
  | { kind: 'failed'; message: string }

const TICKETS_CHANNEL = `databases.${DATABASE_ID}.collections.${CollectionId.tickets}.documents`
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }
const SENTINEL_WAIT_MS = 2000
const SENTINEL_TRIES = 10

type TTicketPayload = {
  $id: string
  userId?: string
  processing_status?: string
  rawJson?: { MessageID?: string } | null
}

const report = (message: TDashboardReport) => process.send?.(message)

const tickets = new Map<string, TDashboardTicketTimes>()
/** Tickets made through the API (no rawJson) that have shown up, by document id. */
const apiTicketsShown = new Set<string>()
let foreignEvents = 0
let cpuFrom = process.cpuUsage()

/**
 * Message-IDs of tickets whose events left rawJson out (an event carries at most 64 KB of its document),
 * read once from the API.
 */
const messageIdsById = new Map<string, Promise<string | undefined>>()
let readMessageId: (documentId: string) => Promise<string | undefined> = async () => undefined

function record(messageId: string, options: { created: boolean; isCompleted: boolean; at: number }) {
  const entry = tickets.get(messageId) ?? { id: messageId }
  tickets.set(messageId, entry)
  if (options.created) entry.shownAt ??= options.at
  if (options.isCompleted && entry.analysedAt === undefined) {
    entry.analysedAt = options.at
    report({ kind: 'analysed', id: messageId })
  }
}

function onEvent(ownerId: string, message: RealtimeResponseEvent<TTicketPayload>) {
  const at = Date.now()
  const ticket = message.payload
  if (ticket.userId !== ownerId) foreignEvents += 1
  const seen = {
    created: message.events.some((name) => name.endsWith('.create')),
    isCompleted: ticket.processing_status === ProcessingStatus.completed,
    at,
  }
  if (ticket.rawJson === undefined) {
    const known = messageIdsById.get(ticket.$id) ?? readMessageId(ticket.$id)
    messageIdsById.set(ticket.$id, known)
    void known.then((messageId) => messageId && record(messageId, seen))
    return
  }
  const messageId = ticket.rawJson?.MessageID
  if (!messageId) {
    if (seen.created) apiTicketsShown.add(ticket.$id)
    return
  }
  record(messageId, seen)
}

/** Files a ticket through the API as `user`; resolves with its id. */
async function fileTicket(user: TSdkUser, subject: string): Promise<string> {
  const documentId = ID.unique()
  await user.databases.createDocument({
    ...TICKETS,
    documentId,
    data: { email: user.email, subject, body: `${subject}, filed by the ingest bench's dashboard.` },
  })
  return documentId
}

async function shown(documentId: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs
  while (!apiTicketsShown.has(documentId)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return true
}

/**
 * The SDK resolves `subscribe` once the socket is open, before the server has taken the session and the
 * subscription; the first of the owner's own tickets to come back proves both.
 */
async function untilSubscribed(owner: TSdkUser): Promise<void> {
  for (let attempt = 1; attempt <= SENTINEL_TRIES; attempt++) {
    if (await shown(await fileTicket(owner, `Dashboard check ${attempt}`), SENTINEL_WAIT_MS)) return
  }
  throw new Error('no ticket of the owner reached the dashboard socket')
}

async function open(serverUrl: string): Promise<Extract<TDashboardReport, { kind: 'ready' }>> {
  const owner = await signUpUser(serverUrl, 'Bench Owner')
  // The dashboard's mailbox card reads it this way; the first read makes it.
  const mailboxes = await owner.databases.listDocuments<Models.Document & { address: string }>({
    databaseId: DATABASE_ID,
    collectionId: CollectionId.mailboxes,
  })
  const mailbox = mailboxes.documents[0]
  if (!mailbox) throw new Error('the bench user has no mailbox')
  readMessageId = async (documentId) => {
    const document = await owner.databases.getDocument<Models.Document & TTicketPayload>({
      ...TICKETS,
      documentId,
    })
    return document.rawJson?.MessageID
  }
  enableSdkRealtimeInNode()
  await new Realtime(owner.client).subscribe(
    TICKETS_CHANNEL,
    (message: RealtimeResponseEvent<TTicketPayload>) => onEvent(owner.userId, message),
  )
  await untilSubscribed(owner)
  // Another user's ticket, then one of the owner's: delivery is in order, so had the other user's event
  // reached this socket it would have come before the owner's; `foreignEvents` keeps counting after.
  const other = await signUpUser(serverUrl, 'Bench Other')
  await fileTicket(other, "Another user's ticket")
  if (!(await shown(await fileTicket(owner, 'Dashboard check after another user'), 10_000)))
    throw new Error("the owner's ticket did not reach the dashboard socket")
  return { kind: 'ready', userId: owner.userId, mailbox: { id: mailbox.$id, address: mailbox.address } }
}

function seen(label: string): Extract<TDashboardReport, { kind: 'seen' }> {
  const prefix = `${label}-`
  const mine = [...tickets.values()].filter((ticket) => ticket.id.startsWith(prefix))
  for (const ticket of mine) tickets.delete(ticket.id)
  const used = process.cpuUsage(cpuFrom)
  cpuFrom = process.cpuUsage()
  return { kind: 'seen', tickets: mine, foreignEvents, cpuMs: (used.user + used.system) / 1000 }
}

process.on('message', (command: TDashboardCommand) => {
  if (command.kind === 'report') {
    report(seen(command.label))
    return
  }
  open(command.serverUrl).then(
    (ready) => {
      cpuFrom = process.cpuUsage()
      report(ready)
    },
    (error: unknown) =>
      report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  )
})
process.on('disconnect', () => process.exit(0))
